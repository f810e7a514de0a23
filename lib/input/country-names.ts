/**
 * Country names as they appear at the end of postal addresses, in English,
 * French, German, Italian, Spanish, Dutch and the country's own language(s),
 * mapped to the ISO 3166-1 alpha-2 code of BT-40 / BT-55. Covers the EU, the
 * EEA, Switzerland, the United Kingdom and their small neighbours, plus a few
 * frequent trading partners.
 */

const NAMES: Record<string, readonly string[]> = {
  FR: ['France', 'Frankreich', 'Francia', 'Frankrijk', 'République française', 'Republique Francaise'],
  DE: ['Germany', 'Allemagne', 'Deutschland', 'Germania', 'Alemania', 'Duitsland', 'Bundesrepublik Deutschland', 'BRD'],
  BE: ['Belgium', 'Belgique', 'Belgien', 'Belgio', 'Bélgica', 'België', 'Belgie'],
  CH: ['Switzerland', 'Suisse', 'Schweiz', 'Svizzera', 'Suiza', 'Zwitserland', 'Svizra', 'Confédération suisse', 'Schweizerische Eidgenossenschaft'],
  IT: ['Italy', 'Italie', 'Italien', 'Italia', 'Italië'],
  ES: ['Spain', 'Espagne', 'Spanien', 'Spagna', 'España', 'Espana', 'Spanje'],
  NL: ['Netherlands', 'The Netherlands', 'Pays-Bas', 'Niederlande', 'Paesi Bassi', 'Países Bajos', 'Nederland', 'Holland', 'Hollande', 'Holanda', 'Olanda'],
  LU: ['Luxembourg', 'Luxemburg', 'Lussemburgo', 'Luxemburgo', 'Lëtzebuerg', 'Grand-Duché de Luxembourg', 'Grand Duchy of Luxembourg', 'Großherzogtum Luxemburg'],
  GB: [
    'United Kingdom', 'Royaume-Uni', 'Vereinigtes Königreich', 'Regno Unito', 'Reino Unido', 'Verenigd Koninkrijk',
    'Great Britain', 'Grande-Bretagne', 'Großbritannien', 'Gran Bretagna', 'Gran Bretaña', 'Groot-Brittannië',
    'UK', 'U.K.', 'England', 'Angleterre', 'Inghilterra', 'Inglaterra', 'Engeland',
    'Scotland', 'Écosse', 'Schottland', 'Scozia', 'Escocia', 'Schotland',
    'Wales', 'Pays de Galles', 'Galles', 'Gales',
    'Northern Ireland', 'Irlande du Nord', 'Nordirland', 'Irlanda del Nord', 'Irlanda del Norte', 'Noord-Ierland',
  ],
  AT: ['Austria', 'Autriche', 'Österreich', 'Oostenrijk'],
  PT: ['Portugal', 'Portogallo'],
  IE: ['Ireland', 'Irlande', 'Irland', 'Irlanda', 'Ierland', 'Éire', 'Republic of Ireland'],
  DK: ['Denmark', 'Danemark', 'Dänemark', 'Danimarca', 'Dinamarca', 'Denemarken', 'Danmark'],
  SE: ['Sweden', 'Suède', 'Schweden', 'Svezia', 'Suecia', 'Zweden', 'Sverige'],
  FI: ['Finland', 'Finlande', 'Finnland', 'Finlandia', 'Suomi'],
  PL: ['Poland', 'Pologne', 'Polen', 'Polonia', 'Polska'],
  CZ: ['Czech Republic', 'Czechia', 'République tchèque', 'Tchéquie', 'Tschechien', 'Tschechische Republik', 'Repubblica Ceca', 'Cechia', 'República Checa', 'Chequia', 'Tsjechië', 'Česko', 'Česká republika'],
  SK: ['Slovakia', 'Slovaquie', 'Slowakei', 'Slovacchia', 'Eslovaquia', 'Slowakije', 'Slovensko'],
  SI: ['Slovenia', 'Slovénie', 'Slowenien', 'Eslovenia', 'Slovenië', 'Slovenija'],
  HU: ['Hungary', 'Hongrie', 'Ungarn', 'Ungheria', 'Hungría', 'Hongarije', 'Magyarország'],
  RO: ['Romania', 'Roumanie', 'Rumänien', 'Rumanía', 'Roemenië', 'România'],
  BG: ['Bulgaria', 'Bulgarie', 'Bulgarien', 'Bulgarije', 'България'],
  GR: ['Greece', 'Grèce', 'Griechenland', 'Grecia', 'Griekenland', 'Hellas', 'Ελλάδα', 'Ellada'],
  HR: ['Croatia', 'Croatie', 'Kroatien', 'Croazia', 'Croacia', 'Kroatië', 'Hrvatska'],
  CY: ['Cyprus', 'Chypre', 'Zypern', 'Cipro', 'Chipre', 'Κύπρος'],
  MT: ['Malta', 'Malte'],
  EE: ['Estonia', 'Estonie', 'Estland', 'Eesti'],
  LV: ['Latvia', 'Lettonie', 'Lettland', 'Lettonia', 'Letonia', 'Letland', 'Latvija'],
  LT: ['Lithuania', 'Lituanie', 'Litauen', 'Lituania', 'Litouwen', 'Lietuva'],
  NO: ['Norway', 'Norvège', 'Norwegen', 'Norvegia', 'Noruega', 'Noorwegen', 'Norge', 'Noreg'],
  IS: ['Iceland', 'Islande', 'Island', 'Islanda', 'Islandia', 'IJsland', 'Ísland'],
  LI: ['Liechtenstein', 'Fürstentum Liechtenstein'],
  MC: ['Monaco', 'Principauté de Monaco', 'Mónaco'],
  AD: ['Andorra', 'Andorre'],
  SM: ['San Marino', 'Saint-Marin'],
  VA: ['Vatican City', 'Vatican', 'Holy See', 'Cité du Vatican', 'Vatikanstadt', 'Città del Vaticano', 'Ciudad del Vaticano', 'Vaticaanstad'],
  US: ['United States', 'United States of America', 'USA', 'U.S.A.', 'US', 'États-Unis', 'Vereinigte Staaten', 'Stati Uniti', 'Estados Unidos', 'Verenigde Staten'],
  CA: ['Canada', 'Kanada'],
};

/**
 * Folds a text for name comparison: no diacritics, lower case, `ß` as `ss`,
 * dots dropped (`U.K.`), hyphens and apostrophes as spaces, a leading "the" dropped.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\./g, '')
    .replace(/[-‐‑–—'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

const BY_FOLDED_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(NAMES).flatMap(([code, names]) => names.map((name) => [foldName(name), code] as const)),
);

/** Most words a country name has in the table (for suffix matching). */
export const MAX_COUNTRY_NAME_WORDS = Math.max(...[...BY_FOLDED_NAME.keys()].map((name) => name.split(' ').length));

/**
 * The ISO 3166-1 alpha-2 code (BT-40 / BT-55) of a country name in one of the
 * supported languages, compared without case or diacritics; undefined when unknown.
 */
export function countryCodeFromName(name: string): string | undefined {
  return BY_FOLDED_NAME.get(foldName(name));
}
