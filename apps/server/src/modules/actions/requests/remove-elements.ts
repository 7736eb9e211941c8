import { requestBase } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Erase what the mask covers and fill in what was behind it. */
export function removeElementsRequest(
  context: RequestContext,
): BuiltRequest<RequestOf<'remove_elements'>> | undefined {
  const { mask } = context.form;
  if (!mask) return undefined;
  return { request: { op: 'remove_elements', ...requestBase(context), mask } };
}

/** The form has nothing of its own beyond the shared fields. */
export const removeElementsFromForm: FormRequest<'remove_elements'> = (_fields, context) =>
  Promise.resolve(removeElementsRequest(context));
