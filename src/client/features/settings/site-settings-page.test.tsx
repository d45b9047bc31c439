// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { DEFAULT_HOME_PAGE_SETTINGS, SETTING_KEYS } from '../../../contracts/settings';
import { SETTINGS_MESSAGES, type SiteSettingsResponse } from '../../../contracts/settings-registry';
import { notify } from '../../lib/notify';
import { SiteSettings } from './site-settings-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const SETTINGS: SiteSettingsResponse = {
  home_page_settings: DEFAULT_HOME_PAGE_SETTINGS,
  leaderboard_visible: true,
  player_dashboard_open: true,
  stored: [],
  elsewhere: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe('site settings page', () => {
  it('says the requirement message when the settings cannot be loaded', async () => {
    stubFetch({
      '/api/admin/settings': new StubAnswer(503, { error: 'Database unavailable', requestId: 'r' }),
    });
    renderAt(<SiteSettings />);
    expect(await screen.findByText(SETTINGS_MESSAGES.loadFailed)).toBeTruthy();
  });

  it('shows a colour that fails WCAG AA under its field, and sends nothing until it is fixed', async () => {
    const fetchMock = stubFetch({
      '/api/admin/settings': SETTINGS,
      [`/api/admin/settings/${SETTING_KEYS.homePage}`]: new StubAnswer(400, {
        error: 'contact_email: Enter a valid contact e-mail address',
        requestId: 'r',
      }),
    });
    renderAt(<SiteSettings />);
    const colour = await screen.findByRole('textbox', { name: 'Hero background colour' });
    fireEvent.change(colour, { target: { value: '#3b82f6' } });
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText(/^Too light: white text on this colour has a contrast of 3\.6:1/);
    expect(colour.getAttribute('aria-describedby')).toContain(message.id);

    fireEvent.click(screen.getByRole('button', { name: 'Save home page settings' }));
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts()).toHaveLength(0);

    fireEvent.change(colour, { target: { value: '#0b1f3a' } });
    expect(colour.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save home page settings' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', SETTINGS_MESSAGES.updateFailed, {
        description: 'contact_email: Enter a valid contact e-mail address',
      }),
    );
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({
      value: { ...DEFAULT_HOME_PAGE_SETTINGS, hero_background_color: '#0b1f3a' },
    });
  });

  it('counts the characters of a limited text and refuses a longer one instead of cutting it', async () => {
    stubFetch({ '/api/admin/settings': SETTINGS });
    renderAt(<SiteSettings />);
    const title = await screen.findByRole('textbox', { name: 'Header title' });
    fireEvent.change(title, { target: { value: 'x'.repeat(121) } });
    expect(screen.getByText('121 / 120 characters')).toBeTruthy();
    expect((title as HTMLInputElement).value).toHaveLength(121);
    fireEvent.click(screen.getByRole('button', { name: 'Save home page settings' }));
    expect(await screen.findByText('The header title can be at most 120 characters')).toBeTruthy();
  });
});
