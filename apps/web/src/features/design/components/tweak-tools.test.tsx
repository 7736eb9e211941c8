import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { DESIGN_CONFIG, NOTHING_USED } from '@roomcraft/contracts';
import { savedDesign } from '@/testing/design';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testPorts } from '../testing/editor-ports';
import { selectShownImage, useEditorStore } from '../store/editor-store';
import { DesignEditor } from './design-editor';
import type { DesignEditorPorts } from './editor-ports';

const BASE = '/api/files/baseBaseBaseBaseBaseBase01.jpg';
const FIRST = '/api/files/firstFirstFirstFirstFirst01.png';
const SECOND = '/api/files/secondSecondSecondSecond02.png';

/** What the editor sent, by endpoint. */
const sent: { path: string; body: unknown }[] = [];
let generateAnswer: () => Response = () => jsonResponse(500, { message: 'not set' });

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = input;
      sent.push({ path, body: init?.body });
      if (path === '/api/actions/get/space-elements') {
        return Promise.resolve(
          jsonResponse(200, {
            baseImage: BASE,
            elements: [
              {
                label: 'Sofa',
                box: [
                  { x: 10, y: 20 },
                  { x: 90, y: 20 },
                  { x: 90, y: 60 },
                ],
              },
            ],
            remainingCredits: 10,
          }),
        );
      }
      if (path.startsWith('/api/actions/generate/')) return Promise.resolve(generateAnswer());
      return Promise.resolve(jsonResponse(404, { message: 'Not found' }));
    }),
  );
});

afterEach(() => {
  notifications.clean();
  useEditorStore.getState().reset();
  vi.unstubAllGlobals();
});

/** A 4×3 overlay with its top-left pixel painted, standing in for the mask canvas. */
function fakeMaskSurface(): HTMLCanvasElement {
  const rgba = new Uint8ClampedArray(4 * 3 * 4);
  rgba[3] = 255;
  return {
    width: 4,
    height: 3,
    getContext: () => ({ getImageData: () => ({ data: rgba }) }),
  } as unknown as HTMLCanvasElement;
}

/** The editor on the tweak step of a saved design, with a painted mask. */
async function openTool(tool: string, ports: DesignEditorPorts = testPorts()) {
  const rendered = renderWithProviders(
    <DesignEditor
      config={DESIGN_CONFIG}
      maxFileSize={15}
      loading={false}
      onNext={vi.fn()}
      creditsLabel={(count) => (count === 1 ? '1 credit' : `${count} credits`)}
      ports={ports}
    />,
  );
  useEditorStore.getState().loadDesign(savedDesign());
  await rendered.user.click(await screen.findByRole('button', { name: tool }));
  await screen.findByRole('heading', { name: tool });
  return { ...rendered, ports };
}

function paintMask() {
  const editor = useEditorStore.getState();
  editor.attachMaskSurface(fakeMaskSurface());
  editor.setMask({ painted: true });
}

const generateButton = () => screen.getByRole('button', { name: /^(Generate|Regenerate)/ });

describe('a tool panel', () => {
  it('shows Generate with its cost, enabled once the mask is painted', async () => {
    await openTool('Remove elements');
    expect(generateButton().textContent).toBe('Generate2 credits');
    expect(generateButton()).toHaveProperty('disabled', true);
    paintMask();
    await waitFor(() => expect(generateButton()).toHaveProperty('disabled', false));
  });

  it('counts wall paint as one design and has no number of designs', async () => {
    const { user } = await openTool('Wall paint');
    expect(generateButton().textContent).toBe('Generate1 credit');
    expect(screen.queryByText('Number of designs')).toBeNull();
    paintMask();
    // A mask alone is not enough: a colour is chosen in the second step.
    expect(generateButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Choose color' }));
    await user.click(screen.getByRole('button', { name: 'Sage' }));
    expect(generateButton()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Back to the selection' }));
    expect(screen.getByRole('button', { name: 'Choose color' })).toBeDefined();
  });

  it('forces one design on Floors and gives the number back after', async () => {
    const { user } = await openTool('Floors');
    expect(useEditorStore.getState().tweak.desiredNumberOfDesigns).toBe(1);
    await user.click(screen.getByRole('button', { name: 'All tools' }));
    expect(useEditorStore.getState().tweak.desiredNumberOfDesigns).toBe(2);
  });
});

describe('generating', () => {
  it('asks to buy more credits before calling when the person has too few', async () => {
    const { user } = await openTool('Remove elements', testPorts({ availableCredits: 1 }));
    paintMask();
    await user.click(generateButton());
    const notice = (await screen.findByText('You do not have enough credits for this action'))
      .parentElement;
    expect(within(notice ?? document.body).getByRole('button', { name: 'Buy more' })).toBeDefined();
    expect(sent.some(({ path }) => path.includes('/generate/'))).toBe(false);
  });

  it('turns a 402 answer into "Buy more", which leads to the credits page', async () => {
    generateAnswer = () =>
      jsonResponse(402, { message: 'You do not have enough credits for this action' });
    const { user, router, ports } = await openTool('Remove elements');
    paintMask();
    await user.click(generateButton());
    await user.click(await screen.findByRole('button', { name: 'Buy more' }));
    expect(router.state.location.pathname).toBe('/credits');
    expect(ports.saveDesign).not.toHaveBeenCalled();
    expect(useEditorStore.getState().draft.generated_images).toEqual({});
  });

  it('shows the answer message of any other failure', async () => {
    generateAnswer = () =>
      jsonResponse(503, { message: 'The inpainting model is missing: install it first' });
    const { user } = await openTool('Remove elements');
    paintMask();
    await user.click(generateButton());
    expect(
      await screen.findByText('The inpainting model is missing: install it first'),
    ).toBeDefined();
  });

  it('puts the new images first, selects the first, updates credits and saves', async () => {
    generateAnswer = () =>
      jsonResponse(200, {
        images: [FIRST, SECOND],
        used: [NOTHING_USED, NOTHING_USED],
        remainingCredits: 8,
      });
    const { user, ports } = await openTool('Remove elements');
    paintMask();
    await user.click(generateButton());

    const strip = within(await screen.findByRole('list', { name: 'Images of this design' }));
    const newest = await strip.findByRole('button', { name: 'Remove elements 2' });
    expect(newest.getAttribute('aria-pressed')).toBe('true');
    expect(strip.getByRole('button', { name: 'Remove elements 1' })).toBeDefined();
    expect(ports.onCreditsChanged).toHaveBeenCalledWith(8);
    expect(ports.saveDesign).toHaveBeenCalledOnce();
    expect(generateButton().textContent).toBe('Regenerate2 credits');

    const call = sent.find(({ path }) => path === '/api/actions/generate/remove-elements');
    const form = call?.body as FormData;
    expect(form.get('state_image')).toBe(BASE);
    expect(form.get('quantity')).toBe('2');
    expect(form.get('space_type')).toBe('residential');
    const mask = form.get('masked_image') as Blob;
    expect(mask.type).toBe('image/png');
    expect(mask.size).toBeGreaterThan(8);
  });
});

describe('going back from an action', () => {
  async function generatedTwo() {
    generateAnswer = () =>
      jsonResponse(200, {
        images: [FIRST, SECOND],
        used: [NOTHING_USED, NOTHING_USED],
        remainingCredits: 8,
      });
    const rendered = await openTool('Remove elements');
    paintMask();
    await rendered.user.click(generateButton());
    await screen.findByRole('button', { name: 'Remove elements 2' });
    await rendered.user.click(screen.getByRole('button', { name: 'All tools' }));
    return rendered;
  }

  it('asks "Apply changes?"; Yes makes the selected image the design state', async () => {
    const { user } = await generatedTwo();
    const dialog = await screen.findByRole('dialog', { name: 'Apply changes?' });
    expect(
      within(dialog).getByText('Continue working on the currently selected design?'),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const editor = useEditorStore.getState();
    expect(selectShownImage(editor)).toBe(FIRST);
    expect(editor.history.past).toEqual([BASE]);
    expect(editor.selectedImage).toBe(0);
    expect(editor.tweak.action).toBe('none');
    // Undo brings the photo back: the change went through the history.
    editor.undo();
    expect(selectShownImage(useEditorStore.getState())).toBe(BASE);
  });

  it('No leaves the design state as it was and goes back to the list', async () => {
    const { user } = await generatedTwo();
    const dialog = await screen.findByRole('dialog', { name: 'Apply changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    const editor = useEditorStore.getState();
    expect(selectShownImage(editor)).toBe(BASE);
    expect(editor.tweak.action).toBe('none');
    expect(await screen.findByRole('heading', { name: 'All tools' })).toBeDefined();
  });
});
