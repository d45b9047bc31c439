/**
 * What the cookie banner and the privacy page say about visitor analytics and retention (ADR 034, ADR 035):
 * one place, so the words match what the code does.
 */

/** The cookie banner's text (before "Read our privacy policy."), with the visitor records' period in days. */
export const cookieBannerText = (visitorDays: number) =>
  'We keep your theme and this choice in your browser. If you accept, we record a visit at most every 10 minutes ' +
  `(page, time, browser type, town from a shortened IP address) for ${visitorDays} days to plan the event. ` +
  'Declining stores nothing more.';

/** The attribution DB-IP's licence (CC BY 4.0) asks for wherever its data is used. */
export const DBIP_ATTRIBUTION = { href: 'https://db-ip.com', text: 'IP Geolocation by DB-IP' } as const;
