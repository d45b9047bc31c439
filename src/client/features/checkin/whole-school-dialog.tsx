import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KioskAction } from '../../../contracts/kiosk';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { notify } from '../../lib/notify';
import { checkinSchoolQuery, checkinSchoolsQuery } from './queries';
import { SchoolPanel } from './school-panel';

/**
 * The desk's whole-school check-in and sign-out at pick-up (ADR 031): choose a school, tick the absent (or
 * staying) pupils, and check in (or sign out) the rest with one action.
 */
export function WholeSchoolDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [schoolId, setSchoolId] = useState('');
  const [mode, setMode] = useState<KioskAction>('check-in');
  const schools = useQuery({ ...checkinSchoolsQuery, enabled: isOpen });
  const list = useQuery({ ...checkinSchoolQuery(schoolId), enabled: isOpen && schoolId !== '' });
  const close = () => {
    setSchoolId('');
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title="Whole school" size="lg">
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="School" value={schoolId} onChange={(event) => setSchoolId(event.target.value)}>
            <option value="">Choose a school…</option>
            {(schools.data?.schools ?? []).map((school) => (
              <option key={school.id} value={school.id}>
                {school.name} ({school.checkedIn}/{school.total} in, {school.inHall} in the hall)
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Action"
            value={mode}
            onChange={(event) => setMode(event.target.value as KioskAction)}
          >
            <option value="check-in">Check in on arrival</option>
            <option value="sign-out">Sign out at pick-up</option>
          </SelectField>
        </div>
        {list.data ? (
          <SchoolPanel
            key={`${schoolId}-${mode}`}
            list={list.data}
            title={list.data.school.name}
            mode={mode}
            onDone={(result) => {
              if (result) notify(result.tone === 'success' ? 'success' : 'error', result.title);
              close();
            }}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
