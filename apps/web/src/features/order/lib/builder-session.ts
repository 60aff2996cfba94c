/**
 * The builder's part of the session state (spec 1 §3 serverBuilderData): the form, so a reload
 * keeps the builder; the checkout's idempotency key with the cart it was made for; the payment
 * method the free-trial modal chose; whether the modal was offered in this session. Logout clears
 * it with the rest of the session. What sessionStorage holds is checked, never trusted.
 */
import { useMemo } from 'react';
import { ORDER_PAYMENT_METHODS, type OrderPaymentMethod } from '@portside/contract/schemas/orders';
import { getSession, setSession, useSession } from '../../../shared/session/store';
import { EMPTY_FORM, type BuilderForm } from './builder-form';

export interface BuilderSession {
  form: BuilderForm;
  /** One key per checkout visit, reused while the cart is the same (reload, double click). */
  checkout: { key: string; cart: string } | null;
  /** The payment method picked so far ('trial' after accepting the free-trial modal). */
  payment: OrderPaymentMethod | null;
  trialOffered: boolean;
  /** The free trial was accepted in the modal: the checkout offers it as a payment method. */
  trialAccepted: boolean;
}

const EMPTY: BuilderSession = { form: EMPTY_FORM, checkout: null, payment: null, trialOffered: false, trialAccepted: false };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function parseForm(v: unknown): BuilderForm {
  if (!isObj(v)) return EMPTY_FORM;
  return {
    location: str(v.location),
    core_type: str(v.core_type),
    model_id: int(v.model_id),
    image: str(v.image),
    disk_gb: int(v.disk_gb),
    backups: v.backups === true,
    hostname: typeof v.hostname === 'string' ? v.hostname : '',
    project: int(v.project),
    ssh_keys: Array.isArray(v.ssh_keys) ? v.ssh_keys.filter((k): k is number => int(k) !== null) : [],
    quantity: int(v.quantity) ?? 1,
  };
}

/** The builder session held in `raw` (anything else gives the empty one). */
export function parseBuilderSession(raw: unknown): BuilderSession {
  if (!isObj(raw)) return EMPTY;
  const c = raw.checkout;
  const payment = (ORDER_PAYMENT_METHODS as readonly unknown[]).includes(raw.payment)
    ? (raw.payment as OrderPaymentMethod)
    : null;
  return {
    form: parseForm(raw.form),
    checkout: isObj(c) && str(c.key) && typeof c.cart === 'string' ? { key: c.key as string, cart: c.cart } : null,
    payment,
    trialOffered: raw.trialOffered === true,
    trialAccepted: raw.trialAccepted === true,
  };
}

export function getBuilderSession(): BuilderSession {
  return parseBuilderSession(getSession('serverBuilderData'));
}

/** Changes the builder session (a function of the current one). */
export function updateBuilderSession(change: (s: BuilderSession) => BuilderSession): void {
  setSession('serverBuilderData', change(getBuilderSession()));
}

/** React hook: the builder session, re-rendering when it changes. */
export function useBuilderSession(): BuilderSession {
  const raw = useSession('serverBuilderData');
  return useMemo(() => parseBuilderSession(raw), [raw]);
}
