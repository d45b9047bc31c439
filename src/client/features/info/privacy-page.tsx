import { Link } from 'react-router';
import { DBIP_ATTRIBUTION } from '../../../contracts/privacy';
import { DEFAULT_RETENTION, FOLLOW_DAYS, registrationPeriodText } from '../../../domain/retention';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Prose } from '../../components/ui/prose';
import { useHome } from '../home/queries';

/** docs/requirements.md §1: terms and conditions (effective 16/06/2025) and the privacy policy (GDPR, Irish data protection). */
export const TERMS_EFFECTIVE_DATE = '16/06/2025';

export function PrivacyPage() {
  // The periods the retention job applies (ADR 035), from the same settings; the defaults until they load.
  const home = useHome().data;
  const periods = home?.retention ?? DEFAULT_RETENTION;
  // The external geolocation service's host when one is set (ADR 034); null: addresses never leave the server.
  const geolocationService = home?.geolocationService ?? null;
  return (
    <>
      <PageHeader eyebrow="The small print, in plain words" title="Terms and Privacy">
        The terms for taking part and how we look after your personal data.
      </PageHeader>
      <Container className="py-10 sm:py-14">
        <Card>
          <Prose>
            <h2 id="terms">Terms and Conditions</h2>
            <p>
              <strong>Effective {TERMS_EFFECTIVE_DATE}.</strong> By registering a team or using this site you
              agree to these terms.
            </p>
            <h3>Eligibility</h3>
            <ul>
              <li>Users and players must be 13 years of age or older.</li>
              <li>Anyone under 18 needs the consent of a parent or guardian to register and take part.</li>
            </ul>
            <h3>Fees and payment</h3>
            <ul>
              <li>
                Entry fees are charged per team of 4 players and are paid in euro (€) through a card payment
                provider.
              </li>
              <li>You may pay when you register, or register now and pay later from your account.</li>
              <li>
                Fees are non-refundable, except where the law requires a refund or where the organisers cancel
                the event.
              </li>
            </ul>
            <h3>Conduct</h3>
            <p>
              Players agree to follow the arbiters' decisions and the tournament rules published on the{' '}
              <Link to="/important-information">2025 Tournament</Link> page. Player names can be changed at
              check-in or by contacting the organisers beforehand.
            </p>

            <h2 id="privacy-policy">Privacy Policy</h2>
            <p>
              We process personal data in line with the EU General Data Protection Regulation (GDPR) and the
              Irish Data Protection Acts 1988–2018.
            </p>
            <h3>What we collect and why</h3>
            <ul>
              <li>
                Registration details (contact name, e-mail, school, team and player names) to run the
                tournament, including substitutes a school names on the day and the reasons it gives an
                arbiter for a late change.
              </li>
              <li>
                Payment records, to confirm entries. Card details are handled by the payment provider, never
                by us.
              </li>
              <li>
                Player names, schools and results, which are shown publicly on the leaderboard and player
                lookup.
              </li>
              <li>
                <strong>Page views, without cookies or consent:</strong> for each page shown we count, per
                day, the page's address (without anything typed into it), the site that linked to it, the
                country its internet address belongs to and the kind of device (phone, tablet, computer). The
                address is looked up on our own server and then discarded; nothing is stored on your device
                and nothing identifies you.
              </li>
              <li>
                <strong>Visits, only if you accept cookies:</strong> one record per browser tab per 10
                minutes, sent a second after a page opens: the page, the time, your internet address shortened
                (the last part removed, so it points to a neighbourhood of addresses, not to you), the
                country, city and approximate position it belongs to, your browser's description, the site
                that linked here, a random tab id kept in this tab's session storage, and — if you are signed
                in — your account name, role and sign-in time. We use it to plan the event (when and where
                people follow it). Decline, and nothing of this is recorded or stored on your device.
              </li>
              <li>
                <strong>Follows, only if you tap Follow:</strong> to send a player's or a school's pairings,
                round starts, results and final standings to your phone, we keep the address your browser's
                push service gave for this device and its encryption keys, and which players or schools it
                follows — no name, no account, no location. Notifications expire after 15 minutes if your
                phone is off: you are not sent yesterday's boards.
              </li>
              <li>
                Pupils' names on public pages follow the tournament's choice — full name, first name and
                initial, or initials only — and a registration can ask for less for any pupil. Player pages
                ask search engines not to index them.
              </li>
            </ul>
            <h3>How long we keep it</h3>
            <ul>
              <li>
                Visit records: <strong>{periods.visitorDays} days</strong>, then deleted. Page-view counts
                hold nothing personal and are kept.
              </li>
              <li>
                Registrations, payments and guardian consents:{' '}
                <strong>{registrationPeriodText(periods)}</strong>. Then pupils' details, guardian consents
                and a school's requests to an arbiter are deleted, and contact names, e-mail addresses and
                phone numbers are removed; only what the accounts need stays (amount, currency, dates and the
                payment provider's reference).
              </li>
              <li>
                Copies of the e-mails we send (confirmations, guardian-consent requests, reminders, messages
                from the organisers): <strong>{periods.mailDays} days</strong> after sending, then the address
                and the text are deleted; only the count of mails sent stays.
              </li>
              <li>
                Follows: <strong>{FOLLOW_DAYS} days after the tournament</strong>, then deleted — at once when
                you tap Unfollow, or when your browser tells us it no longer takes notifications.
              </li>
              <li>Short-lived session records are deleted once they expire (after an hour by default).</li>
            </ul>
            <p>A job deletes what is past its period every day.</p>
            <h3>Cookies and local storage</h3>
            <p>
              This site stores your theme and your cookie choice in your browser. Your cookie choice is stored
              with the date you made it, and we ask again after six months. Signing in sets a session cookie,
              needed for the account to work. You can change your cookie choice at any time with{' '}
              <strong>Cookie settings</strong> at the bottom of every page.
            </p>
            <h3>Where locations come from</h3>
            <p>
              {geolocationService === null ? (
                <>
                  Countries and cities are looked up on our own server in the DB-IP Lite database; no address
                  is sent to anyone else.
                </>
              ) : (
                <>
                  Page views are located on our own server in the DB-IP Lite database. For visits — only if
                  you accept cookies — your internet address is sent to the location service{' '}
                  <strong>{geolocationService}</strong>, which answers with its country, city and approximate
                  position; we keep the address shortened, as above.
                </>
              )}{' '}
              <a href={DBIP_ATTRIBUTION.href} rel="noopener">
                {DBIP_ATTRIBUTION.text}
              </a>{' '}
              (licensed under CC BY 4.0).
            </p>
            <h3>Your rights</h3>
            <p>
              You may ask to see, correct or delete your data, or object to its use, by contacting the
              organisers through the <Link to="/#contact-us">contact section</Link>. You also have the right
              to complain to the Data Protection Commission (Ireland) at dataprotection.ie.
            </p>
          </Prose>
        </Card>
      </Container>
    </>
  );
}
