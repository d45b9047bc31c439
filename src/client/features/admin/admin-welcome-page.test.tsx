// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../tests/support/client/test-utils';
import { resolveAccess } from '../../../domain/permissions';
import { ADMIN_PAGES } from './admin-pages';
import { AdminWelcomePage } from './admin-welcome-page';

vi.mock('../auth/queries', () => ({
  useSession: () => ({
    status: 'signed-in',
    me: { user: { name: 'Demo Superadmin', email: 'superadmin@demo.test' } },
    access: resolveAccess({ role: 'superadmin', customRoleName: null }, []),
  }),
}));

afterEach(cleanup);

describe('AdminWelcomePage', () => {
  it('every admin page has a one-line description', () => {
    expect(ADMIN_PAGES.filter((page) => !page.purpose?.trim()).map((page) => page.path)).toEqual([]);
  });

  it('shows each page a superadmin may open with its description, Visitor Analytics and Backups included', () => {
    renderAt(<AdminWelcomePage />);
    const list = screen.getByRole('list');
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles.length).toBeGreaterThan(10);
    for (const tile of tiles) {
      const [label, description] = [...tile.querySelectorAll('span.block')].map((span) => span.textContent);
      expect(description?.trim(), `the description of ${label}`).toBeTruthy();
    }
    for (const label of ['Visitor Analytics', 'Backups']) {
      const tile = tiles.find((item) => item.textContent?.startsWith(label));
      expect(tile?.textContent?.length, label).toBeGreaterThan(label.length + 10);
    }
  });
});
