import {
  confirmPasswordSchema,
  confirmedPasswordStatusSchema,
  dataOf,
  errorBodySchema,
  forgotPasswordSchema,
  loginSchema,
  messageSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  userSchema,
  verificationResendSchema,
} from '@roomcraft/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { requireAuth } from '../../http/authenticate';
import { issueSessionCookies, sessionTokenOf } from '../../http/session-cookies';
import { toUserResource } from '../users/users.resource';
import type { AuthService } from './auth.service';

const userData = dataOf(userSchema);
const noContent = { 204: z.null().describe('No content') };
const errors = { 401: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema };
const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: AppConfig }> = (
  app,
  { auth, config },
) => {
  const tags = ['auth'];

  app.post(
    '/login',
    {
      schema: {
        tags,
        body: loginSchema,
        response: { 200: userData, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const { user, sessionToken } = await auth.login(
        email,
        password,
        clientOf(request),
        sessionTokenOf(request),
      );
      issueSessionCookies(config, reply, sessionToken);
      return { data: toUserResource(user) };
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        body: registerSchema,
        response: { 201: userData, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await auth.register(
        request.body,
        clientOf(request),
        sessionTokenOf(request),
      );
      issueSessionCookies(config, reply, sessionToken);
      return reply.code(201).send({ data: toUserResource(user) });
    },
  );

  app.post(
    '/logout',
    { schema: { tags, response: { ...noContent, 419: errorBodySchema } } },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await auth.logout(token);
      issueSessionCookies(config, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: forgotPasswordSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { message: 'If the address has an account, we have emailed a password reset link' };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      const { email, token, password } = request.body;
      await auth.resetPassword(email, token, password);
      return { message: 'Your password has been reset' };
    },
  );

  app.get(
    '/user',
    { schema: { tags, response: { 200: userData, 401: errorBodySchema } } },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: toUserResource(user) };
    },
  );

  app.post(
    '/user/confirm-password',
    {
      schema: {
        tags,
        body: confirmPasswordSchema,
        response: { ...noContent, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await auth.confirmPassword(
        await requireAuth(request, auth),
        request.body.password,
        clientOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/confirmed-password-status',
    {
      schema: {
        tags,
        response: { 200: dataOf(confirmedPasswordStatusSchema), 401: errorBodySchema },
      },
    },
    async (request) => {
      const found = await requireAuth(request, auth);
      return { data: { confirmed: auth.passwordRecentlyConfirmed(found) } };
    },
  );

  app.put(
    '/user/profile',
    { schema: { tags, body: profileSchema, response: { 200: userData, ...errors } } },
    async (request) => {
      const user = await auth.updateProfile(await requireAuth(request, auth), request.body);
      return { data: toUserResource(user) };
    },
  );

  app.put(
    '/user/password',
    {
      schema: {
        tags,
        body: passwordChangeSchema,
        response: { ...noContent, ...errors, 423: errorBodySchema },
      },
    },
    async (request, reply) => {
      await auth.changePassword(await requireAuth(request, auth), request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/user',
    { schema: { tags, response: { ...noContent, ...errors, 423: errorBodySchema } } },
    async (request, reply) => {
      await auth.deleteAccount(await requireAuth(request, auth));
      issueSessionCookies(config, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/email/verification-notification',
    {
      schema: {
        tags,
        response: {
          200: dataOf(verificationResendSchema),
          202: dataOf(verificationResendSchema),
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const retryAfter = await auth.resendVerification(await requireAuth(request, auth));
      return reply.code(retryAfter === 0 ? 200 : 202).send({ data: { retry_after: retryAfter } });
    },
  );

  app.get(
    '/verify-email/:id/:hash',
    {
      schema: {
        tags,
        params: z.object({
          id: z.coerce.number().int().positive(),
          hash: z.string().regex(/^[0-9a-f]{64}$/),
        }),
        querystring: z.object({ expires: z.string().regex(/^\d+$/), signature: z.string().min(1) }),
      },
      errorHandler: (_error, _request, reply) => {
        void reply.redirect('/verify-email?error=invalid');
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const { expires, signature } = request.query;
      const verified = await auth.verifyEmail(id, hash, expires, signature);
      return reply.redirect(verified ? '/verify-email?verified=1' : '/verify-email?error=invalid');
    },
  );

  return Promise.resolve();
};
