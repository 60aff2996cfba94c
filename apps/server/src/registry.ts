import type { Registry } from './http/access.js';
import { authRpcs } from './modules/auth/auth.routes.js';
import { profileRpcs, profileViews } from './modules/profile/profile.routes.js';
import { referenceViews } from './modules/reference/reference.routes.js';
import { devMailViews } from './modules/dev-mail/dev-mail.routes.js';

/** Every route of the API, each with its declared access. Later modules add theirs here. */
export function buildRegistry(): Registry {
  return {
    views: [...profileViews, ...referenceViews, ...devMailViews],
    rpcs: [...authRpcs, ...profileRpcs],
  };
}
