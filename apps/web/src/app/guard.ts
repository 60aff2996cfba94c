/**
 * The route guard (spec 1 §2) as a route loader: it runs before a page's chunk loads, so a
 * refused page never renders. The decision itself is the contract's decideRoute, followed by the
 * identity verification gate (spec 1 §1, contract needsVerification).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { buildPath, type RouteName } from '@portside/contract/routes';
import { decideRoute } from '@portside/contract/rules/guard';
import { needsVerification } from '@portside/contract/rules/verification-gate';
import { hasToken } from '../shared/session/auth';
import { getSession } from '../shared/session/store';

/** The loader guarding one named route. */
export function guardLoader(name: RouteName) {
  return ({ request }: LoaderFunctionArgs) => {
    const decision = decideRoute({
      route: name,
      hasToken: hasToken(),
      hasCustomerDetails: getSession('customerDetails') !== null,
    });
    if (decision.action === 'allow') {
      // An owner who has still to verify their identity (spec 1 §1) is sent to /verification first.
      return needsVerification(name, getSession('customerDetails')) ? redirect(buildPath('verification')) : null;
    }
    if (decision.to === 'profile-reload') {
      // Keep where the user wanted to go; profile-reload returns there once the profile is loaded.
      const url = new URL(request.url);
      return redirect(buildPath('profile-reload', {}, { redirect: `${url.pathname}${url.search}${url.hash}` }));
    }
    return redirect(buildPath(decision.to));
  };
}
