import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type CustomRole, customRoleBodySchema } from '../../../contracts/users';
import { isPermission, PERMISSIONS, type Permission } from '../../../domain/permissions';
import { countOf } from '../../../domain/plural';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { CheckboxField, TextareaField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { SectionHeading } from '../../components/ui/section-heading';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useCustomRoles, useDeleteCustomRole, useSaveCustomRole } from './queries';
import { parseRoleChoice, permissionLabel, roleChoiceValue } from './role-options';
import { RoleSelect } from './role-select';

/** Create or edit a custom role. Permissions the editor does not hold are shown but cannot be granted. */
function CustomRoleDialog({
  role,
  isOpen,
  onClose,
  held,
}: {
  role: CustomRole | null;
  isOpen: boolean;
  onClose: () => void;
  held: ReadonlySet<Permission>;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const save = useSaveCustomRole();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { name, description } = readForm(event.currentTarget);
    const body = check(customRoleBodySchema, {
      name,
      description: description?.trim() || null,
      permissions: new FormData(event.currentTarget).getAll('permissions').map(String).filter(isPermission),
    });
    if (!body) return;
    save.mutate(
      { id: role?.id ?? null, ...body },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to save the custom role'),
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={role ? `Edit ${role.name}` : 'New custom role'}
      description="Users with a custom role are players with exactly the permissions ticked here."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          defaultValue={role?.name ?? ''}
          autoComplete="off"
          error={errors.name}
        />
        <TextareaField
          label="Description"
          name="description"
          rows={2}
          defaultValue={role?.description ?? ''}
          error={errors.description}
        />
        <fieldset aria-describedby={errors.permissions ? 'permissions-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold text-fg">Permissions</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {PERMISSIONS.map((permission) => (
              <CheckboxField
                key={permission}
                name="permissions"
                value={permission}
                defaultChecked={role?.permissions.includes(permission) ?? false}
                disabled={!held.has(permission)}
                label={permissionLabel(permission)}
              />
            ))}
          </div>
          {errors.permissions ? (
            <p id="permissions-error" className="mt-2 text-sm font-medium text-loss">
              {errors.permissions}
            </p>
          ) : null}
        </fieldset>
        <DialogSubmitActions onCancel={onClose} isPending={save.isPending} pendingLabel="Saving...">
          {role ? 'Save changes' : 'Create role'}
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** docs/requirements.md §5: the role's users move to a standard role or another custom role. */
function DeleteCustomRoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const remove = useDeleteCustomRole();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!role) return;
    const choice = parseRoleChoice(readForm(event.currentTarget).reassignTo ?? '');
    remove.mutate(
      { id: role.id, reassignTo: choice.customRoleName ?? choice.role },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to delete the custom role'),
      },
    );
  };
  return (
    <Dialog
      isOpen={role !== null}
      onClose={onClose}
      title={role ? `Delete ${role.name}?` : 'Delete custom role'}
      description={
        role
          ? `${role.userCount === 1 ? '1 user has' : `${role.userCount} users have`} this role. Choose the role they move to.`
          : undefined
      }
    >
      {role ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <RoleSelect
            name="reassignTo"
            label="Move its users to"
            hint="Player, admin, superadmin or another custom role."
            defaultValue="player"
            exclude={roleChoiceValue({ role: 'player', customRoleName: role.name })}
          />
          <DialogSubmitActions
            onCancel={onClose}
            variant="danger"
            isPending={remove.isPending}
            pendingLabel="Deleting..."
            icon={Trash2}
          >
            Delete role
          </DialogSubmitActions>
        </form>
      ) : null}
    </Dialog>
  );
}

export function CustomRolesPanel({ held }: { held: ReadonlySet<Permission> }) {
  const customRoles = useCustomRoles();
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);

  return (
    <section aria-labelledby="custom-roles">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id="custom-roles" title="Custom roles" className="mb-4 sm:mb-4">
          Named sets of permissions for helpers such as arbiters.
        </SectionHeading>
        <Button className="mb-4" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          New custom role
        </Button>
      </div>
      <QueryView query={customRoles} errorTitle="Failed to load custom roles">
        {(data) =>
          data.roles.length === 0 ? (
            <Notice icon={ShieldCheck} title="No custom roles yet" />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {data.roles.map((role) => (
                <li key={role.id}>
                  <Card className="flex h-full flex-col gap-3">
                    <div className="flex items-start justify-between gap-3">
                      <div>
                        <h3 className="text-lg font-semibold text-fg">{role.name}</h3>
                        {role.description ? <p className="text-sm text-muted">{role.description}</p> : null}
                      </div>
                      <Badge>{countOf(role.userCount, 'user')}</Badge>
                    </div>
                    <ul aria-label={`Permissions of ${role.name}`} className="flex flex-wrap gap-1.5">
                      {role.permissions.map((permission) => (
                        <li key={permission}>
                          <Badge tone="draw">{permissionLabel(permission)}</Badge>
                        </li>
                      ))}
                    </ul>
                    <div className="mt-auto flex gap-2 pt-1">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(role)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit<span className="sr-only"> {role.name}</span>
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setDeleting(role)}>
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete<span className="sr-only"> {role.name}</span>
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <CustomRoleDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        role={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        held={held}
      />
      <DeleteCustomRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
