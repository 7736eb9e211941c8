import { categoriesFromWords } from '@roomcraft/contracts';
import { DEFAULT_ADD_CATEGORIES, type ProductWish } from '../product-choice';
import { chooseProducts, requestBase } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Place the user's product, or the best fits of the wish, into the masked area. */
export async function addElementsRequest(
  choice: { productId?: string | undefined; field: string; wish: ProductWish },
  context: RequestContext,
): Promise<BuiltRequest<RequestOf<'add_elements'>> | undefined> {
  const products = await chooseProducts(context, choice);
  const { mask } = context.form;
  if (!products || !mask) return undefined;
  return { request: { op: 'add_elements', ...requestBase(context), mask, products } };
}

/** What the prompt names (things that fit any room when it names nothing), in style and budget. */
export const addElementsFromForm: FormRequest<'add_elements'> = (fields, context) => {
  const categories = categoriesFromWords(fields.prompt ?? '');
  return addElementsRequest(
    {
      productId: fields.product_id,
      field: fields.product_id ? 'product_id' : 'prompt',
      wish: {
        categories: categories.length > 0 ? categories : DEFAULT_ADD_CATEGORIES,
        style: fields.design_style,
        spaceType: fields.space_type,
        budgetMin: fields.budget_min,
        budgetMax: fields.budget_max,
      },
    },
    context,
  );
};
