import { vi } from 'vitest';
import type { DesignEditorPorts } from '@/features/design/components/editor-ports';

/**
 * The design editor's ports for tests: credits and saving are spies, the pickers are plain
 * buttons (the library components have their own tests).
 */
export function testPorts(overrides: Partial<DesignEditorPorts> = {}): DesignEditorPorts {
  return {
    availableCredits: 10,
    onCreditsChanged: vi.fn(),
    saveDesign: vi.fn(() => Promise.resolve()),
    creditsHref: '/credits',
    maxFileSize: 15,
    ColourPicker: ({ onChange }) => (
      <button
        type="button"
        onClick={() => onChange({ kind: 'hex', id: 'sage', name: 'Sage', hex: '#9caf88' })}
      >
        Sage
      </button>
    ),
    FloorPicker: ({ onChange }) => (
      <button
        type="button"
        onClick={() =>
          onChange({ kind: 'url', id: 'oak', name: 'Oak', url: '/api/library/images/oak.jpg' })
        }
      >
        Oak
      </button>
    ),
    ReplacementPicker: ({ products, onSelect }) => (
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            <button type="button" onClick={() => onSelect(product)}>
              {product.name}
            </button>
          </li>
        ))}
      </ul>
    ),
    InThisDesign: () => null,
    ...overrides,
  };
}
