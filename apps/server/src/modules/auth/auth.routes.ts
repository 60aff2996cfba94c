import {
  confirmEmailSchema,
  forgotPasswordConfirmSchema,
  forgotPasswordDecodeSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
} from '@portside/contract/schemas/auth';
import { publicAccess } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as auth from './auth.service.js';

/** The public authentication calls of spec 2 §7. */
export const authRpcs: AnyRpc[] = [
  defineRpc({
    name: 'login',
    access: publicAccess,
    schema: loginSchema,
    handler: (ctx, b) => auth.login(ctx, b.p_email, b.p_password),
  }),
  defineRpc({ name: 'register', access: publicAccess, schema: registerSchema, handler: (ctx, b) => auth.register(ctx, b) }),
  defineRpc({
    name: 'ConfirmEmail',
    access: publicAccess,
    schema: confirmEmailSchema,
    handler: (ctx, b) => auth.confirmEmail(ctx, b.p_email, b.p_otp),
  }),
  defineRpc({
    name: 'ResendConfirmationEmail',
    access: publicAccess,
    schema: resendConfirmationSchema,
    handler: (ctx, b) => auth.resendConfirmation(ctx, b.p_email),
  }),
  defineRpc({
    name: 'ForgotPassword',
    access: publicAccess,
    schema: forgotPasswordSchema,
    handler: (ctx, b) => auth.forgotPassword(ctx, b.p_email),
  }),
  defineRpc({
    name: 'ForgotPasswordDecode',
    access: publicAccess,
    schema: forgotPasswordDecodeSchema,
    handler: async (ctx, b) => auth.decodeResetMessage(ctx, b.p_message),
  }),
  defineRpc({
    name: 'ForgotPasswordConfirm',
    access: publicAccess,
    schema: forgotPasswordConfirmSchema,
    handler: (ctx, b) => auth.resetPassword(ctx, b.p_email, b.p_code, b.p_password),
  }),
];
