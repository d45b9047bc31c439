// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { ANALYTICS_MESSAGES } from '../../../contracts/visitor-analytics';
import { GeolocationServiceSection } from './geolocation-service-form';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SERVICE = 'https://geo.example.org/json/{ip}';
const field = () => screen.findByLabelText('External geolocation service (optional)');
const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('the geolocation service on the analytics page', () => {
  it('shows the saved address and refuses one without {ip}, sending nothing', async () => {
    const fetchMock = stubFetch({ '/api/admin/analytics/geolocation': { url: SERVICE } });
    renderAt(<GeolocationServiceSection />);
    expect(((await field()) as HTMLInputElement).value).toBe(SERVICE);
    fireEvent.change(await field(), { target: { value: 'https://geo.example.org/json' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The address must contain {ip}')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('turns the service off when the field is emptied', async () => {
    const fetchMock = stubFetch({
      '/api/admin/analytics/geolocation': { url: SERVICE, message: ANALYTICS_MESSAGES.geolocationSaved('') },
    });
    renderAt(<GeolocationServiceSection />);
    fireEvent.change(await field(), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(puts(fetchMock)[0]![1]?.body))).toEqual({ url: '' });
  });
});
