import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { CRM_MESSAGES, crmTaskCreateSchema } from '../../../contracts/crm';
import { CRM_PRIORITIES, type CrmPriority } from '../../../domain/crm';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useCreateTask } from './queries';
import type { Staff } from './task-dialog';

/** The contract's body, with a school required before anything is sent. */
const formSchema = crmTaskCreateSchema.extend({ schoolId: z.string().min(1, 'Choose a school') });

const PRIORITY_LABELS: Record<CrmPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** "Add task": a task added by hand to a school (POST /api/crm/tasks), with a due date, priority and assignee. */
export function AddTaskDialog({
  isOpen,
  schools,
  staff,
  initialSchoolId,
  onClose,
}: {
  isOpen: boolean;
  schools: readonly { id: string; name: string }[];
  staff: Staff;
  initialSchoolId?: string;
  onClose: () => void;
}) {
  const create = useCreateTask();
  const { errors, formRef, check } = useFieldErrors();
  const [schoolId, setSchoolId] = useState(initialSchoolId ?? '');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<CrmPriority>('normal');
  const [assigneeId, setAssigneeId] = useState('');
  if (!isOpen) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(formSchema, {
      schoolId,
      title,
      dueDate: dueDate || null,
      priority,
      assigneeId: assigneeId || null,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (task) => {
        notify('success', `Task “${task.title}” added to ${task.schoolName}`, { id: 'crm-add-task' });
        onClose();
      },
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), { id: 'crm-add-task' }),
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title="Add task" description="A task added by hand to one school">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label="School"
          name="schoolId"
          required
          value={schoolId}
          onChange={(event) => setSchoolId(event.target.value)}
          error={errors.schoolId}
        >
          <option value="">Choose a school…</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Title"
          name="title"
          required
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Due date"
            name="dueDate"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <SelectField
            label="Priority"
            name="priority"
            value={priority}
            onChange={(event) => setPriority(event.target.value as CrmPriority)}
          >
            {CRM_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label="Assignee"
          name="assigneeId"
          value={assigneeId}
          onChange={(event) => setAssigneeId(event.target.value)}
        >
          <option value="">Unassigned</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <DialogSubmitActions onCancel={onClose} isPending={create.isPending} pendingLabel="Adding…">
          Add task
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
