import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Prose } from '../../components/ui/prose';

/** docs/requirements.md §1: terms and conditions (effective 16/06/2025) and the privacy policy (GDPR, Irish data protection). */
export const TERMS_EFFECTIVE_DATE = '16/06/2025';

export function PrivacyPage() {
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
                tournament.
              </li>
              <li>
                Payment records, to confirm entries. Card details are handled by the payment provider, never
                by us.
              </li>
              <li>
                Player names, schools and results, which are shown publicly on the leaderboard and player
                lookup.
              </li>
              <li>With your consent only: anonymous visit statistics to help us plan the event.</li>
            </ul>
            <h3>How long we keep it</h3>
            <p>Registration and payment records are kept for up to two years, then deleted.</p>
            <h3>Cookies and local storage</h3>
            <p>
              This site stores your theme and your cookie choice in your browser. Your cookie choice is stored
              with the date you made it, and we ask again after six months.
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
