import type { HomeResponse } from '../../../contracts/home';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HowToRegisterSection } from './how-to-register-section';

/**
 * The home page's closing sections: about, how to register, contact. Text and links below the fold, so their code
 * is not part of the page's first JavaScript: the server draws them (ADR 023) and the browser takes them over
 * once this chunk has arrived.
 */
export function InfoSections({ home }: { home: HomeResponse }) {
  const { settings } = home;
  return (
    <>
      <AboutSection />
      {settings.show_how_to_register ? (
        <HowToRegisterSection teamPriceCents={home.registration.team_price} />
      ) : null}
      <ContactSection email={settings.contact_email} />
    </>
  );
}
