import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Spinner } from './ui/spinner';

/**
 * What an admin page shows for one query: the spinner while it loads, {@link LoadError} (with its 'Try again')
 * when it failed, otherwise `children` with the data. With `keepDataOnError`, a failed refetch keeps showing
 * the data it already had instead of the error.
 */
export function QueryView<T>({
  query,
  errorTitle,
  keepDataOnError = false,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle?: string;
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return children(query.data as T);
}
