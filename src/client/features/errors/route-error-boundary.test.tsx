// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('board exploded');
}

afterEach(cleanup);

describe('fatal error screens', () => {
  // These tests provoke errors on purpose: React and the boundaries report them on console.error.
  vi.spyOn(console, 'error').mockImplementation(() => {});

  it('shows the page error with details and a Reload Page button', () => {
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The application encountered an error')).toBeTruthy();
    expect(screen.getByText('board exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('shows the application error outside the router', () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong loading the application.')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
