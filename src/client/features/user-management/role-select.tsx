import { SelectField } from '../../components/ui/field';
import { useSession } from '../auth/queries';
import { useCustomRoles } from './queries';
import { grantableRoleOptions } from './role-options';

/**
 * A select of player, admin, superadmin and every custom role (values from role-options.ts), leaving out
 * those the signed-in user may not hand out.
 */
export function RoleSelect({
  defaultValue,
  label = 'Role',
  name = 'role',
  hint = 'A custom role is a player with that role’s permissions.',
  exclude,
}: {
  defaultValue: string;
  label?: string;
  name?: string;
  hint?: string;
  exclude?: string;
}) {
  const { data } = useCustomRoles();
  const session = useSession();
  const roles = data?.roles ?? [];
  const names = roles.map((role) => role.name);
  const options =
    session.status === 'signed-in'
      ? grantableRoleOptions(session.access, roles).filter((option) => option.value !== exclude)
      : [];
  return (
    // Remounted when the custom roles arrive, so a custom default value can be selected.
    <SelectField key={names.join('\n')} label={label} name={name} defaultValue={defaultValue} hint={hint}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
