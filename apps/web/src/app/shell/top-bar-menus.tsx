/**
 * The top bar's menus as the first screen renders them: their buttons at once, the menus
 * (./menus.tsx) right after (shared/ui/deferred), so Mantine's Menu, Popover and floating-ui are
 * not part of the first load.
 */
import type { Profile } from '@portside/contract/schemas/profile';
import { deferred, type PlaceholderProps } from '../../shared/ui/deferred';
import { ColorSchemeButton, LanguageButton, UserMenuButton } from './menu-buttons';

const menus = () => import('./menus');

/** A menu button before its menu has arrived: a click opens the menu on arrival. */
const placeholder = ({ onOpen }: PlaceholderProps) => ({
  onClick: onOpen,
  'aria-haspopup': 'menu' as const,
  'aria-expanded': false,
});

export const UserMenu = deferred<{ profile: Profile }>(
  () => menus().then((m) => m.UserMenu),
  ({ profile, onOpen }) => <UserMenuButton profile={profile} {...placeholder({ onOpen })} />,
);

export const LanguagePicker = deferred<object>(
  () => menus().then((m) => m.LanguageMenu),
  ({ onOpen }) => <LanguageButton {...placeholder({ onOpen })} />,
);

export const ColorSchemeMenu = deferred<object>(
  () => menus().then((m) => m.ColorSchemeMenu),
  ({ onOpen }) => <ColorSchemeButton {...placeholder({ onOpen })} />,
);
