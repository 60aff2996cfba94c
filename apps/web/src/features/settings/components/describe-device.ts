/**
 * A short, readable name for the device of a session from its User-Agent header: the browser and
 * the operating system, recognised by a few well-known markers. It is for showing only — a
 * User-Agent says what the client claims, not what it is — so nothing depends on it.
 */

/** What a User-Agent names; null where it names nothing known. */
export interface DeviceParts {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari;
// iOS browsers say 'like Mac OS X', Android says Linux.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([re]) => re.test(ua))?.[1] ?? null;

/**
 * The browser and system a User-Agent names. An agent that names neither (a script, curl) is
 * named by its first word instead, cut short.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceParts {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return { browser: null, os: null };
  const browser = first(ua, BROWSERS);
  const os = first(ua, SYSTEMS);
  if (browser || os) return { browser, os };
  return { browser: ua.split(/\s+/)[0]!.slice(0, 40), os: null };
}
