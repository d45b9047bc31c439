import { LogIn, Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { readableBandBackground } from '../../../domain/contrast';
import { buttonClasses } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { useTheme } from '../../lib/theme';
import { LazyUserMenu } from '../auth/lazy-user-menu';
import { useSession } from '../auth/queries';
import { useHeaderBackgroundColor, useLeaderboardVisible } from '../home/queries';
import { Brand } from './brand';
import { CONTACT_HREF, type NavItem, navItems } from './nav-items';

function navLinkClass(mobile: boolean) {
  return ({ isActive }: { isActive: boolean }) =>
    cx(
      'rounded-lg font-medium text-on-band no-underline transition-colors hover:bg-white/10',
      mobile ? 'block px-4 py-3 text-base' : 'px-3 py-2 text-sm',
      isActive && 'bg-white/15 text-highlight',
    );
}

function NavLinks({ items, mobile }: { items: NavItem[]; mobile: boolean }) {
  const className = navLinkClass(mobile);
  return (
    <ul className={mobile ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {items.map((item) => (
        <li key={item.to}>
          {/* Contact Us points at a home page anchor: never mark it as the current page. */}
          <NavLink
            to={item.to}
            className={item.to === CONTACT_HREF ? () => className({ isActive: false }) : className}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const items = navItems(useLeaderboardVisible());
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const [theme] = useTheme();
  // The organisers' header colour applies in the default theme when text stays readable on it.
  const headerColour = useHeaderBackgroundColor();
  const customBackground = theme === 'light' ? readableBandBackground(headerColour) : null;

  // Close the mobile menu after any navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setIsOpen(false), [location.key]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen]);

  // docs/requirements.md §2 Layout: the user menu once signed in, 'Sign In / Register' otherwise. While the
  // session is unknown (a server-drawn page until it is taken over) the link keeps its place unseen, so the
  // links beside it do not move when it shows.
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const signIn = isSignedIn ? null : (
    <NavLink
      to="/login"
      className={buttonClasses(
        'accent',
        'sm',
        cx('whitespace-nowrap', session.status === 'loading' && 'invisible'),
      )}
    >
      <LogIn aria-hidden="true" className="size-4" />
      Sign In / Register
    </NavLink>
  );

  return (
    <header
      data-site-header=""
      className="sticky top-0 z-40 border-b border-white/10 bg-band/95 text-on-band shadow-lg shadow-black/10 backdrop-blur"
      style={customBackground ? { backgroundColor: customBackground } : undefined}
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <Brand />
        <div className="flex items-center gap-3">
          <nav aria-label="Main" className="hidden items-center gap-3 md:flex">
            <NavLinks items={items} mobile={false} />
            {signIn}
          </nav>
          {session.status === 'signed-in' ? <LazyUserMenu session={session} /> : null}
          <button
            type="button"
            data-menu-toggle=""
            className="inline-flex size-11 items-center justify-center rounded-xl border border-white/25 text-on-band hover:bg-white/10 md:hidden"
            aria-expanded={isOpen}
            aria-controls={menuId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </Container>
      <div id={menuId} hidden={!isOpen} data-site-menu="" className="border-t border-white/10 md:hidden">
        <nav aria-label="Main">
          <Container className="flex flex-col gap-3 py-4">
            <NavLinks items={items} mobile />
            {signIn}
          </Container>
        </nav>
      </div>
    </header>
  );
}
