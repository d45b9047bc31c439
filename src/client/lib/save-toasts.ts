import { serverMessage } from './api-client';
import { notify } from './notify';

/**
 * A save's toasts under one id: the server's message when it is saved, or the failure with the server's reason
 * (also handed to `onRefused`, for a form that shows it beside its fields).
 */
export function saveToasts(id: string, failedTitle: string, onRefused: (reason: string) => void = () => {}) {
  return {
    onSuccess: (answer: { message: string }) => notify('success', answer.message, { id }),
    onError: (failure: unknown) => {
      const reason = serverMessage(failure, failedTitle);
      onRefused(reason);
      notify('error', failedTitle, { id, description: reason });
    },
  };
}
