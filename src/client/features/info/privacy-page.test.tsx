// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveHome } from '../../../../tests/support/client/home-fixture';
import { renderAt, stubFetch } from '../../../../tests/support/client/test-utils';
import { PrivacyPage } from './privacy-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('PrivacyPage', () => {
  it('states the periods the retention job applies, from the saved settings', async () => {
    stubFetch({
      '/api/public/home': { ...liveHome, retention: { visitorDays: 30, registrationYears: 3, mailDays: 14 } },
    });
    renderAt(<PrivacyPage />);
    await screen.findByText('30 days');
    expect(text()).toContain('Registrations, payments and guardian consents: 3 years after the tournament.');
    expect(text()).toContain('Copies of the e-mails we send');
    expect(text()).toContain('14 days after sending');
    // No external location service is set: addresses stay on the server.
    expect(text()).toContain('no address is sent to anyone else');
  });

  it('names the external location service visits are sent to, when one is set', async () => {
    stubFetch({ '/api/public/home': { ...liveHome, geolocationService: 'geo.example.org' } });
    renderAt(<PrivacyPage />);
    expect(await screen.findByText('geo.example.org')).toBeTruthy();
    expect(text()).toContain('your internet address is sent to the location service geo.example.org');
    expect(text()).not.toContain('no address is sent to anyone else');
  });
});
