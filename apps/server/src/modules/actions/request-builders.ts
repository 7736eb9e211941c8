/**
 * One request builder per action (its descriptor in contracts says which op it runs): the
 * generate form's checked fields in, the engine request out. The assistant's planned actions use
 * the same builders (requests/ai-assistant.ts).
 */
import type { ToolId } from '@roomcraft/contracts';
import { addElementsFromForm } from './requests/add-elements';
import { aiAssistantFromForm } from './requests/ai-assistant';
import { architecturalStyleFromForm } from './requests/architectural-style';
import { changeMaterialFromForm } from './requests/change-material';
import { floorsFromForm } from './requests/floors';
import { furnitureFromForm } from './requests/furniture';
import { removeElementsFromForm } from './requests/remove-elements';
import type { FormRequest } from './requests/request-context';
import { wallPaintFromForm } from './requests/wall-paint';

export const REQUEST_BUILDERS: { readonly [Id in ToolId]: FormRequest<Id> } = {
  architectural_style: architecturalStyleFromForm,
  add_elements: addElementsFromForm,
  remove_elements: removeElementsFromForm,
  furniture: furnitureFromForm,
  floors: floorsFromForm,
  change_material: changeMaterialFromForm,
  paints: wallPaintFromForm,
  ai_assistant: aiAssistantFromForm,
};
