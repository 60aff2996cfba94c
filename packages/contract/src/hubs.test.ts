import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HUB_KINDS,
  NOTIFICATION_MESSAGES,
  accountSalt,
  emailFromPathPart,
  emailPathPart,
  isHubKind,
  joinedConnectionFor,
  joinedText,
  notificationHashInput,
  notificationPaths,
  parseJoined,
  registerSalt,
} from './hubs';

describe('HUB_KINDS', () => {
  it('has one kind per event of spec 2 §7, each unique and usable in a path', () => {
    expect(HUB_KINDS).toHaveLength(24);
    expect(new Set(HUB_KINDS).size).toBe(HUB_KINDS.length);
    for (const k of HUB_KINDS) expect(k).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(HUB_KINDS).toContain('terminal');
  });

  it('isHubKind accepts exactly the kinds', () => {
    expect(isHubKind('power')).toBe(true);
    expect(isHubKind('Power')).toBe(false);
    expect(isHubKind('negotiate')).toBe(false);
    expect(isHubKind(1)).toBe(false);
  });
});

describe('joined text', () => {
  it('is {connection id}_joined_[{destination}]', () => {
    expect(joinedText('abc123', 'terminal')).toBe('abc123_joined_[terminal]');
  });

  it('parses back what joinedText builds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{1,40}$/), fc.constantFrom(...HUB_KINDS), (id, dest) => {
        expect(parseJoined(joinedText(id, dest))).toEqual({ connectionId: id, destination: dest });
      }),
    );
  });

  it('is acted on only with the marker and at least two parts', () => {
    expect(parseJoined('abc_joined')).toBeNull();
    expect(parseJoined('{"provisioned_id":1}')).toBeNull();
    expect(parseJoined('')).toBeNull();
    expect(parseJoined(undefined)).toBeNull();
    expect(parseJoined(42)).toBeNull();
    // No connection id before the marker.
    expect(parseJoined('_joined_[terminal]')).toBeNull();
  });

  it('takes a destination without brackets as it is', () => {
    expect(parseJoined('id1_joined_power')).toEqual({ connectionId: 'id1', destination: 'power' });
    expect(parseJoined('id1_joined_')).toEqual({ connectionId: 'id1', destination: '' });
  });

  it('registers only for the expected destination', () => {
    expect(joinedConnectionFor('id9_joined_[terminal]', 'terminal')).toBe('id9');
    expect(joinedConnectionFor('id9_joined_[power]', 'terminal')).toBeNull();
    expect(joinedConnectionFor('not joined', 'terminal')).toBeNull();
  });
});

describe('e-mail path part', () => {
  it('lower-cases and replaces a plus sign by a dollar sign', () => {
    expect(emailPathPart('Ana+VM@Example.PT')).toBe('ana$vm@example.pt');
    expect(emailFromPathPart('ana$vm@example.pt')).toBe('ana+vm@example.pt');
  });

  it('round-trips every address without a dollar sign', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((e) => !e.includes('$')),
        (email) => {
          expect(emailFromPathPart(emailPathPart(email))).toBe(email.toLowerCase());
        },
      ),
    );
  });
});

describe('hash inputs', () => {
  it('concatenate e-mail, epoch and salt', () => {
    expect(notificationHashInput('a@b.pt', 1700000000, 'SALT')).toBe('a@b.pt1700000000SALT');
  });

  it('register salt is client id, secret, connection id; account salt is client id, secret', () => {
    expect(registerSalt('c1', 's3cret', 'conn')).toBe('c1s3cretconn');
    expect(accountSalt('c1', 's3cret')).toBe('c1s3cret');
  });
});

describe('notificationPaths', () => {
  const auth = { issuer: 'portside', email: 'Ana+1@x.pt', clientId: '5b0c', epoch: 1700000000, hash: 'ab12' };

  it('builds the register path with every part in the spec order', () => {
    expect(notificationPaths.register({ ...auth, connectionId: 'c0ffee', destination: 'terminal' })).toBe(
      '/svc/notifications/register/portside/c0ffee/terminal/ana$1@x.pt/5b0c/1700000000/ab12',
    );
  });

  it('builds the deactivate and recent paths', () => {
    expect(notificationPaths.deactivate(auth)).toBe('/svc/notifications/deactivate/portside/ana$1@x.pt/5b0c/1700000000/ab12');
    expect(notificationPaths.recent(auth)).toBe('/svc/notifications/recent/portside/ana$1@x.pt/5b0c/1700000000/ab12');
  });

  it('escapes a slash so a part never adds a path segment', () => {
    expect(notificationPaths.recent({ ...auth, email: 'a/b@x.pt' })).toContain('/a%2Fb@x.pt/');
  });
});

describe('fixed messages', () => {
  it('keep the spec texts', () => {
    expect(NOTIFICATION_MESSAGES.registerFailed).toBe('Failed to register notification connection');
    expect(NOTIFICATION_MESSAGES.deactivateFailed).toBe('Failed to deactivate connection mappings');
  });
});
