import { categoriesFromWords } from '@roomcraft/contracts';
import { outlineMask } from '../action-inputs';
import {
  chooseProducts,
  requestBase,
  type BuiltRequest,
  type FormRequest,
  type RequestContext,
  type RequestOf,
} from './request-context';

/** Swap the masked piece for catalogue products that fit the wish (the assistant's swap). */
export async function swapFurnitureRequest(
  choice: Parameters<typeof chooseProducts>[1],
  context: RequestContext,
): Promise<BuiltRequest<RequestOf<'furniture'>> | undefined> {
  const { mask } = context.form;
  if (!mask) return undefined;
  const products = await chooseProducts(context, choice);
  if (!products) return undefined;
  return { request: { op: 'change_furniture', ...requestBase(context), mask, products } };
}

/** Replace a detected element (its painted mask or its outline) with a catalogue product. */
export const furnitureFromForm: FormRequest<'furniture'> = async (fields, context) => {
  const { form } = context;
  let mask = form.mask;
  if (!mask && !form.files.masked_image) {
    if (!fields.box || fields.box.length < 2) {
      form.errors.add('box', "Select the element's outline");
      return undefined;
    }
    mask = await form.inputs.mask('box', await outlineMask(fields.box, form.state), form.state);
  }
  const categories = categoriesFromWords(fields.furniture);
  if (!fields.product_id && categories.length === 0) {
    form.errors.add('furniture', 'No catalogue category matches this element');
    return undefined;
  }
  const products = await chooseProducts(context, {
    productId: fields.product_id,
    colour: fields.color,
    field: fields.product_id ? 'product_id' : 'furniture',
    wish: {
      categories,
      style: fields.design_style,
      spaceType: fields.space_type,
      budgetMin: fields.budget_min,
      budgetMax: fields.budget_max,
    },
  });
  if (!products || !mask) return undefined;
  return { request: { op: 'change_furniture', ...requestBase(context), mask, products } };
};
