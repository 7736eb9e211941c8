import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, uploadErrors } from '@roomcraft/contracts';
import en from '@/locales/en.json';

/**
 * English only (spec §1). The shared messages from contracts join the UI strings under
 * `messages.*` and `uploadErrors.*`, so the words the server sends and the words the app shows
 * are one source.
 */
export const resources = { en: { translation: { ...en, messages, uploadErrors } } } as const;

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;
