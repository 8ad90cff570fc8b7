/** The share page's words (issue 30): English and Dutch, chosen by the browser's language; no i18n framework. */
export interface ShareTexts {
  lang: 'en' | 'nl';
  notFound: string;
  notFoundHint: string;
  tooMany: string;
  failed: string;
  passwordTitle: string;
  passwordLabel: string;
  passwordSubmit: string;
  passwordWrong: string;
  finishesOf: (slot: string) => string;
  ownMaterial: string;
  ar: string;
  arHint: string;
  arExit: string;
  arFailed: string;
  loading: string;
  noWebGl: string;
  expires: (date: string) => string;
  viewer: (name: string) => string;
}

const en: ShareTexts = {
  lang: 'en',
  notFound: 'This link does not exist or has expired.',
  notFoundHint: 'Ask the person who sent it for a new link.',
  tooMany: 'Too many attempts. Try again in a few minutes.',
  failed: 'The model could not be loaded. Try again later.',
  passwordTitle: 'This link is protected',
  passwordLabel: 'Password',
  passwordSubmit: 'Open',
  passwordWrong: 'This password is not right.',
  finishesOf: (slot) => `Finishes for ${slot}`,
  ownMaterial: 'Original',
  ar: 'View in your space',
  arHint: 'Point at the floor, then tap to place the model.',
  arExit: 'Close',
  arFailed: 'AR could not start on this device.',
  loading: 'Loading the 3D model…',
  noWebGl: 'This browser cannot show 3D.',
  expires: (date) => `Link valid until ${date}`,
  viewer: (name) => `3D view of ${name}`,
};

const nl: ShareTexts = {
  lang: 'nl',
  notFound: 'Deze link bestaat niet of is verlopen.',
  notFoundHint: 'Vraag degene die hem stuurde om een nieuwe link.',
  tooMany: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
  failed: 'Het model kon niet worden geladen. Probeer het later opnieuw.',
  passwordTitle: 'Deze link is beveiligd',
  passwordLabel: 'Wachtwoord',
  passwordSubmit: 'Openen',
  passwordWrong: 'Dit wachtwoord klopt niet.',
  finishesOf: (slot) => `Afwerkingen voor ${slot}`,
  ownMaterial: 'Origineel',
  ar: 'Bekijk in je ruimte',
  arHint: 'Richt op de vloer en tik om het model te plaatsen.',
  arExit: 'Sluiten',
  arFailed: 'AR kon op dit apparaat niet starten.',
  loading: 'Het 3D-model wordt geladen…',
  noWebGl: 'Deze browser kan geen 3D tonen.',
  expires: (date) => `Link geldig tot ${date}`,
  viewer: (name) => `3D-weergave van ${name}`,
};

/** Dutch for a browser that prefers Dutch (nl, nl-NL, nl-BE), English otherwise. */
export function shareTexts(language: string | undefined): ShareTexts {
  return language?.toLowerCase().startsWith('nl') ? nl : en;
}
