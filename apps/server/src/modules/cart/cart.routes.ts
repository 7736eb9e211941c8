import {
  cartAdditionsSchema,
  cartQuantitySchema,
  cartSchema,
  dataOf,
  errorBodySchema,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import { idFromPath } from '../../http/path-ids';
import type { AuthService } from '../auth/auth.service';
import type { CartService } from './cart.service';

const itemParams = z.object({ id: z.string() });
const errors = {
  401: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
};

export const cartRoutes: FastifyPluginAsyncZod<{ auth: AuthService; cart: CartService }> = (
  app,
  { auth, cart },
) => {
  const tags = ['cart'];
  const cartData = dataOf(cartSchema);

  app.get(
    '/',
    { schema: { tags, response: { 200: cartData, 401: errorBodySchema } } },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await cart.cart(user.id) };
    },
  );

  app.post(
    '/items',
    {
      schema: {
        tags,
        description:
          'Adds products, paints or textures; adding the same thing again adds to its quantity.',
        body: cartAdditionsSchema,
        response: { 200: cartData, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await cart.add(user.id, request.body.items) };
    },
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: cartQuantitySchema,
        response: { 200: cartData, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return {
        data: await cart.setQuantity(user.id, idFromPath(request.params.id), request.body.quantity),
      };
    },
  );

  app.delete(
    '/items/:id',
    { schema: { tags, params: itemParams, response: { 200: cartData, ...errors } } },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: await cart.remove(user.id, idFromPath(request.params.id)) };
    },
  );
  return Promise.resolve();
};
