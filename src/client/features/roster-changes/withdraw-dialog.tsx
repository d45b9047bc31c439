import { LogOut } from 'lucide-react';
import type { RosterPupil } from '../../../contracts/roster-changes';
import { Dialog, DialogConfirmActions } from '../../components/ui/dialog';

/**
 * "Withdraw Aoife?": loaded when a teacher first presses Withdraw (most visits only read the roster page, and the
 * dialog's code is not part of the page's first load).
 */
export function WithdrawDialog({
  pupil,
  nextRound,
  onClose,
  onConfirm,
  isPending,
}: {
  pupil: RosterPupil;
  nextRound: number | null;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
}) {
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Withdraw ${pupil.name}?`}
      description={`${pupil.name} keeps their results and is not paired from round ${nextRound ?? ''} on. You can undo it until that round is paired.`}
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={isPending}
        pendingLabel="Withdrawing…"
        icon={LogOut}
        variant="danger"
      >
        Withdraw
      </DialogConfirmActions>
    </Dialog>
  );
}
