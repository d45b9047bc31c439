import type { APIRequestContext, Page } from '@playwright/test';
import type { CrmBoard, CrmOverview } from '../../../src/contracts/crm';
import { dismissCookieBanner, expect, type SiteState } from './fixtures';
import { solvedBotProof } from './registration';
import { signInAndWait } from './session';

/** Signs in at 1280 px wide and opens `path`. */
export async function signInAt(page: Page, email: string, path: string): Promise<void> {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndWait(page, email);
  await page.goto(path);
}

/** The address a school's teacher registers with: `office@<school-in-kebab-case>.example`. */
export const schoolEmail = (school: string) => `office@${school.toLowerCase().replaceAll(' ', '-')}.example`;

export interface RegisteredSchool {
  registration: { id: string; reference: string };
  accessToken: string;
  teamCount: number;
}

/**
 * Registers a school through the public API (as the registration page does): its tasks are created for it.
 * `teams` teams of four adult players each; the teacher is `teacher` at `schoolEmail(school)` unless told.
 */
export async function registerSchool(
  request: APIRequestContext,
  school: string,
  options: { teacher?: string; email?: string; teams?: number } = {},
): Promise<RegisteredSchool> {
  const teamCount = options.teams ?? 1;
  const created = await request.post('/api/registrations', {
    data: {
      registrantName: options.teacher ?? 'Teacher Example',
      registrantEmail: options.email ?? schoolEmail(school),
      schoolName: school,
      teams: Array.from({ length: teamCount }, (_, index) => {
        const name = `${school} ${String.fromCharCode(65 + index)}`;
        return {
          name,
          players: [1, 2, 3, 4].map((n) => ({
            name: index === 0 ? `${school} Board ${n}` : `${name} Board ${n}`,
            dateOfBirth: '2000-05-01',
          })),
        };
      }),
      botProof: await solvedBotProof(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { registration, accessToken } = await created.json();
  return { registration, accessToken, teamCount };
}

/** Starts the offline test checkout for every team of a registration, as the registration page does. */
export async function startCheckout(
  request: APIRequestContext,
  school: RegisteredSchool,
): Promise<{ url: string; sessionId: string }> {
  const checkout = await request.post('/api/payments/create-checkout', {
    data: {
      registration_id: school.registration.id,
      team_count: school.teamCount,
      access_token: school.accessToken,
    },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  return (await checkout.json()) as { url: string; sessionId: string };
}

/** Pays a registration through the offline test checkout's API (what its "Pay" button posts). */
export async function payThroughApi(request: APIRequestContext, school: RegisteredSchool): Promise<void> {
  const { sessionId } = await startCheckout(request, school);
  const paid = await request.post(`/api/payments/offline/sessions/${sessionId}`, {
    data: { outcome: 'succeed' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** Two registered schools, and their tasks on the board (staff's view, read with the page's session). */
export async function withSchools(page: Page, request: APIRequestContext): Promise<void> {
  await registerSchool(request, 'Ashgrove College');
  await registerSchool(request, 'Brookfield School');
  await expect
    .poll(async () => ((await (await page.request.get('/api/crm/tasks')).json()) as CrmBoard).tasks.length)
    .toBeGreaterThan(0);
}

/**
 * The common start of a CRM test: registration open at €60 a team, the demo superadmin signed in at `path` (1280 px
 * wide), and two schools registered with their tasks.
 */
export async function superadminWithSchools(
  page: Page,
  request: APIRequestContext,
  site: SiteState,
  path: string,
): Promise<void> {
  await site.setSetting('registration_settings', { is_enabled: true, team_price: 6000 });
  await signInAt(page, 'superadmin@demo.test', path);
  await withSchools(page, request);
}

/** The id of a school in the CRM overview (read with the page's session), once it is there. */
export async function schoolIdOf(page: Page, name: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const overview = (await (await page.request.get('/api/crm/overview')).json()) as CrmOverview;
      id = overview.schools.find((school) => school.name === name)?.id;
      return id;
    })
    .toBeTruthy();
  return id as string;
}

/** A task's card on the board. */
export const taskCard = (page: Page, id: number) =>
  page.locator(`[data-testid="crm-task-card"][data-task-id="${id}"]`);
