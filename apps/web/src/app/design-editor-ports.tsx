import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@roomcraft/contracts';
import { hrefFor } from '@/config/paths';
import { useUser, userQueryKey } from '@/features/auth/api/get-user';
import type {
  ColourPickerProps,
  DesignEditorPorts,
  ReplacementPickerProps,
  TexturePickerProps,
} from '@/features/design/components/editor-ports';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { useEditorStore } from '@/features/design/store/editor-store';
import { AddToCartButton, InThisDesign } from '@/features/cart/components/add-to-cart';
import { ColourLibrary } from '@/features/library/components/colour-library';
import { ReplacementList } from '@/features/library/components/replacement-list';
import { TextureLibrary } from '@/features/library/components/texture-library';
import { isUploadedItem } from '@/features/library/model/library-item';
import { useDesignCommands } from './design-flow';

/** Wall paint's colour: a library swatch, or the person's own swatch photo. */
function ColourPicker({ selectedId, onChange, maxFileSize }: ColourPickerProps) {
  return (
    <ColourLibrary
      selectedId={selectedId}
      upload={{ maxFileSize }}
      onSelect={(item) =>
        onChange(
          item === null
            ? null
            : isUploadedItem(item)
              ? { kind: 'file', id: item.id, name: item.name, file: item.file, url: item.url }
              : { kind: 'hex', id: item.id, name: item.name, hex: item.hex },
        )
      }
    />
  );
}

/** Floors' template: a floor texture from the library, or the person's own sample. */
function FloorPicker({ selectedId, onChange, maxFileSize }: TexturePickerProps) {
  return (
    <TextureLibrary
      kind="floor"
      selectedId={selectedId}
      upload={{ maxFileSize }}
      onSelect={(item) =>
        onChange(
          item === null
            ? null
            : isUploadedItem(item)
              ? { kind: 'file', id: item.id, name: item.name, file: item.file, url: item.url }
              : { kind: 'url', id: item.id, name: item.name, url: item.image_url },
        )
      }
    />
  );
}

/**
 * Replacement cards, whose enlarged card also adds the product (in the picked colour) to the
 * cart, linked to the design being edited.
 */
function ReplacementPicker(props: ReplacementPickerProps) {
  const inSession = useAuthStore((state) => state.inSession);
  const designId = useEditorStore((state) => state.draft.id);
  return (
    <ReplacementList
      {...props}
      renderAction={(product, colourHex) =>
        inSession ? (
          <AddToCartButton
            addition={{
              kind: 'product',
              product_id: product.id,
              ...(colourHex ? { colour_hex: colourHex } : {}),
              // Linked to the design it is meant for, so its summary lists it.
              ...(designId > 0 ? { design_id: designId } : {}),
            }}
          />
        ) : null
      }
    />
  );
}

/**
 * What the design editor needs from the rest of the app (ARCHITECTURE §2: app/ composes the
 * features): the person's credits, which a generation updates in the header, the save path, and
 * the library pickers.
 */
export function useDesignEditorPorts(maxFileSize: number): DesignEditorPorts {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const { save } = useDesignCommands();
  const availableCredits = user?.available_credits ?? null;

  return useMemo(
    () => ({
      availableCredits,
      onCreditsChanged: (remaining: number) =>
        queryClient.setQueryData<User>(userQueryKey, (known) =>
          known === undefined ? known : { ...known, available_credits: remaining },
        ),
      saveDesign: save,
      creditsHref: hrefFor('credits'),
      maxFileSize,
      ColourPicker,
      FloorPicker,
      ReplacementPicker,
      InThisDesign,
    }),
    [availableCredits, queryClient, save, maxFileSize],
  );
}
