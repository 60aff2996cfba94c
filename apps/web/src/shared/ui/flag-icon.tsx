/**
 * Small inline SVG flags for the six interface languages. Regional-indicator emoji (🇬🇧) are drawn
 * as two empty boxes on Windows and most Linux desktops, so the flags are drawn here instead: a
 * few shapes each, no network, no ids (so any number of them can share a page), all in a 4:3 box.
 */
import type { ReactNode } from 'react';
import type { Language } from '@portside/contract/constants';

const FLAGS: Record<Language, ReactNode> = {
  // The United Kingdom (English): saltires and the cross of St George on blue.
  en: (
    <>
      <rect width="24" height="18" fill="#012169" />
      <path d="M0 0L24 18M24 0L0 18" stroke="#fff" strokeWidth="3.6" />
      <path d="M0 0L24 18M24 0L0 18" stroke="#C8102E" strokeWidth="1.2" />
      <path d="M12 0v18M0 9h24" stroke="#fff" strokeWidth="6" />
      <path d="M12 0v18M0 9h24" stroke="#C8102E" strokeWidth="3.6" />
    </>
  ),
  pl: (
    <>
      <rect width="24" height="9" fill="#fff" />
      <rect y="9" width="24" height="9" fill="#DC143C" />
    </>
  ),
  de: (
    <>
      <rect width="24" height="6" fill="#000" />
      <rect y="6" width="24" height="6" fill="#DD0000" />
      <rect y="12" width="24" height="6" fill="#FFCE00" />
    </>
  ),
  // Portugal: green and red, the armillary sphere and the shield on the border.
  pt: (
    <>
      <rect width="9.6" height="18" fill="#006600" />
      <rect x="9.6" width="14.4" height="18" fill="#FF0000" />
      <circle cx="9.6" cy="9" r="3.6" fill="none" stroke="#FFCC00" strokeWidth="1.1" />
      <path d="M8.1 6.9h3v2.6a1.5 1.5 0 0 1-3 0z" fill="#fff" stroke="#FF0000" strokeWidth="0.5" />
    </>
  ),
  // India (Hindi): saffron, white and green with the Ashoka Chakra.
  hi: (
    <>
      <rect width="24" height="6" fill="#FF9933" />
      <rect y="6" width="24" height="6" fill="#fff" />
      <rect y="12" width="24" height="6" fill="#138808" />
      <circle cx="12" cy="9" r="2.2" fill="none" stroke="#000080" strokeWidth="0.6" />
      <circle cx="12" cy="9" r="0.5" fill="#000080" />
    </>
  ),
  fi: (
    <>
      <rect width="24" height="18" fill="#fff" />
      <rect x="6.5" width="4.4" height="18" fill="#002F6C" />
      <rect y="6.8" width="24" height="4.4" fill="#002F6C" />
    </>
  ),
};

export interface FlagIconProps {
  /** The interface language whose flag is drawn. */
  code: Language;
  /** Width in px; the height is three quarters of it. */
  width?: number;
}

/** The flag of an interface language, decorative (the language's name is always written beside it). */
export function FlagIcon({ code, width = 20 }: FlagIconProps) {
  return (
    <svg
      width={width}
      height={(width * 3) / 4}
      viewBox="0 0 24 18"
      aria-hidden="true"
      focusable="false"
      data-flag={code}
      style={{ display: 'block', flex: 'none', borderRadius: 2, boxShadow: '0 0 0 1px var(--mantine-color-default-border)' }}
    >
      {FLAGS[code]}
    </svg>
  );
}
