// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { ANALYTICS_MESSAGES } from '../../../contracts/visitor-analytics';
import { notifyFailure } from '../../lib/notify';
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

  it('turns the service off when the field is emptied, after unlocking with the settings password', async () => {
    const fetchMock = stubFetch({
      '/api/admin/analytics/geolocation': { url: SERVICE, message: ANALYTICS_MESSAGES.geolocationSaved('') },
      '/api/settings-gate/unlock': { message: SETTINGS_GATE_MESSAGES.granted },
    });
    renderAt(<GeolocationServiceSection />);
    fireEvent.change(await field(), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Settings password'), { target: { value: 'board-room-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(puts(fetchMock)[0]![1]?.body))).toEqual({ url: '' });
    const unlock = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/settings-gate/unlock'),
    );
    expect(JSON.parse(String(unlock?.[1]?.body))).toEqual({ password: 'board-room-42' });
  });

  it('asks for the settings password, and saves nothing when it is wrong', async () => {
    const fetchMock = stubFetch({
      '/api/admin/analytics/geolocation': { url: SERVICE },
      '/api/settings-gate/unlock': new StubAnswer(403, {
        error: SETTINGS_GATE_MESSAGES.incorrect,
        requestId: 'test',
      }),
    });
    renderAt(<GeolocationServiceSection />);
    fireEvent.change(await field(), { target: { value: 'https://geo.example.net/{ip}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ANALYTICS_MESSAGES.geolocationNeedsPassword)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Settings password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifyFailure).toHaveBeenCalled());
    expect(puts(fetchMock)).toHaveLength(0);
  });
});
