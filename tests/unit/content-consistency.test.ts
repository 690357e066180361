import { describe, expect, it } from 'vitest';
import { contentTexts, sentencesOf } from './contentTexts';

// The dictionary and the token sheets must not contradict each other or the lessons: the same
// advice, the same figures and no "currently" that silently goes stale. Each rule below is a
// pattern over single sentences, tested first on examples it must catch and text it must leave
// alone, then over every string of content/terms and content/tokens.

// Address poisoning copies the first and last characters of an address, so advice to check only
// those is wrong: the whole address has to be compared. "Not just the first and last few" is the
// right advice and stays allowed.
const FIRST_AND_LAST = [
  /\b(?:(?:the|its|their|your)\s+)?(?:first|beginning)(?:\s+\w+){0,2}\s+and\s+(?:(?:the|its|their|your)\s+)?(?:last|end)\b/iu,
  /(?:\b(?:les?|la|son|sa|ses|leurs?|votre|vos)\s+)?(?:premiers?|premières?|début)(?:\s+\S+){0,2}\s+et\s+(?:(?:les?|la|sa|ses|leurs?|votre|vos)\s+)?(?:derniers?|dernières?|fin)(?![\p{L}])/iu,
  /(?:\b(?:los|las|el|su|sus)\s+)?(?:primer[oa]s?|inicio|principio|comienzo)(?:\s+\S+){0,2}\s+y\s+(?:(?:los|las|el|su|sus)\s+)?(?:últim[oa]s?|final|fin)(?![\p{L}])/iu,
];
const ABOUT_AN_ADDRESS =
  /address|adresse|direcci[óo]n|charact|caract[eè]r|digit|chiffre|d[íi]gito/iu;
// Advice, not a description ("wallets shorten addresses to their beginning and end").
const A_CHECK =
  /check|compar|verif|look\s+at|confirm|inspect|v[ée]rifi|contr[ôo]l|regard|revis|comprob|\bmir[ae]\b/iu;
const NOT_ONLY =
  /(?:not\s+(?:just|only)|rather\s+than|instead\s+of|pas\s+(?:seulement|uniquement|simplement)|non\s+seulement|plut[ôo]t\s+que|au\s+lieu\s+de|no\s+(?:solo|sólo|solamente|únicamente)|en\s+lugar\s+de|en\s+vez\s+de)[\s,]*$/iu;

function advisesFirstAndLastOnly(sentence: string): boolean {
  if (!ABOUT_AN_ADDRESS.test(sentence) || !A_CHECK.test(sentence)) return false;
  return FIRST_AND_LAST.some((pattern) => {
    const match = pattern.exec(sentence);
    return match !== null && !NOT_ONLY.test(sentence.slice(0, match.index));
  });
}

// A blockchain makes rewriting its history very expensive, not impossible: no "immutable" or
// "can never be changed" stated as an absolute. The nouns (immutability as a principle) and
// "cannot be undone/reversed/deleted" (a transfer, a burn) are not what this rule is about.
const ABSOLUTE_IMMUTABILITY = [
  /\b(?:immutable|unchangeable|unalterable|tamper-?proof)\b/iu,
  /(?<![\p{L}])(?:immuables?|inalt[ée]rables?|infalsifiables?|non\s+modifiables?|inmutables?|inalterables?)(?![\p{L}])/iu,
  /\bnever\s+(?:been\s+|be\s+)?(?:changed|modified|altered|rewritten)\b/iu,
  /(?<![\p{L}])jamais\s+(?:été\s+|être\s+)?(?:modifiée?s?|altérée?s?|réécrite?s?)(?![\p{L}])/iu,
  /(?<![\p{L}])nunca\s+(?:ha\s+sido\s+|han\s+sido\s+)?(?:modificad[oa]s?|alterad[oa]s?|reescrit[oa]s?)(?![\p{L}])/iu,
  /\bimpossible\s+to\s+(?:change|modify|alter|rewrite|tamper)/iu,
  /(?<![\p{L}])impossible\s+(?:à|de)\s+(?:modifier|altérer|réécrire|falsifier)(?![\p{L}])/iu,
  /(?<![\p{L}])imposible\s+(?:de\s+)?(?:modificar|alterar|reescribir|falsificar)(?![\p{L}])/iu,
];
const A_RECORD =
  /histor|ledger|registre|registro|blockchain|\bchain\b|cha[îi]ne|cadena|\bblocks?\b|\bblocs?\b|bloques?|\brecords?\b|enregistr|\bdata\b|donn[ée]es|\bdatos\b|\bfiles?\b|fichiers?|archiv/iu;
const CANNOT_BE_CHANGED =
  /(?:\bcannot|\bcan\s+never|\bcan't|(?<![\p{L}])ne\s+(?:peu\w*|pourr\w*)\s+(?:pas|jamais|plus)|(?<![\p{L}])no\s+(?:se\s+)?(?:pued\w*|podr\w*)|(?<![\p{L}])nunca\s+(?:se\s+)?(?:pued\w*|podr\w*))(?:\s+\S+){0,2}?\s+(?:chang|modif|alter|alt[ée]r|rewrit|réécri|reescrib|falsif|tamper)/iu;

// "Designed so that it cannot be changed" or "practically impossible" is the nuance itself.
const HEDGED =
  /designed|meant\s+to|in\s+theory|in\s+practice|practically|con[çc]ue?s?\b|en\s+th[ée]orie|en\s+pratique|pratiquement|pensad[oa]s?|diseñad[oa]s?|en\s+teor[íi]a|en\s+la\s+pr[áa]ctica|pr[áa]cticamente/iu;

function statesAbsoluteImmutability(sentence: string): boolean {
  if (ABSOLUTE_IMMUTABILITY.some((pattern) => pattern.test(sentence))) return true;
  return A_RECORD.test(sentence) && CANNOT_BE_CHANGED.test(sentence) && !HEDGED.test(sentence);
}

// Ethereum finalizes a block after two epochs, about 13 minutes (12.8). Any other number of
// minutes in a sentence about Ethereum's finality is a contradiction; 6.4 minutes is allowed
// only as the length of an epoch.
const ETHEREUM = /ethereum|\beth\b|\bether\b/iu;
const FINALITY = /final|d[ée]finiti|irr[ée]versib/iu;
const MINUTES =
  /(\d+(?:[.,]\d+)?|six|seis|ten|dix|diez|twelve|douze|doce|thirteen|treize|trece|fifteen|quinze|quince|twenty|vingt|veinte|thirty|trente|treinta|une\s+quinzaine|une\s+dizaine|une\s+vingtaine)(?:\s+(?:de|d'|d’))?\s*(?:min\b|minutes?|minutos?)/giu;
const THE_FINALITY_FIGURE = /^(?:13|12[.,]8|thirteen|treize|trece)$/iu;
const EPOCH = /epoch|[ée]poque|[ée]poca/iu;

function wrongEthereumFinality(sentence: string): string[] {
  if (!ETHEREUM.test(sentence) || !FINALITY.test(sentence)) return [];
  return [...sentence.matchAll(MINUTES)]
    .filter(([, figure = '']) => !THE_FINALITY_FIGURE.test(figure))
    .filter(([, figure = '']) => !(/^6[.,]4$/u.test(figure) && EPOCH.test(sentence)))
    .map(([found]) => found);
}

// A statement true "today" is dated with its month and year, or written so that it stays true.
const CURRENTLY = [
  /\b(?:currently|recently|today)\b/iu,
  /\bat\s+the\s+moment\b(?!\s+(?:of|when|you|it|the|that)\b)/iu,
  /(?<![\p{L}])(?:actuellement|récemment|aujourd['’]hui|en\s+ce\s+moment)(?![\p{L}])/iu,
  /(?<![\p{L}])(?:actualmente|recientemente|hoy|por\s+ahora)(?![\p{L}])/iu,
];
const A_YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)/u;

function undatedCurrently(sentence: string): boolean {
  return !A_YEAR.test(sentence) && CURRENTLY.some((pattern) => pattern.test(sentence));
}

describe('the consistency rules', () => {
  it('catch advice to check only the first and last characters of an address', () => {
    for (const bad of [
      'Always copy and paste it, then compare the first and last characters with the original.',
      'Check the first four and last four characters of the address.',
      "Comparez les premiers et les derniers caractères de l'adresse avec l'original.",
      "Vérifiez le début et la fin de l'adresse avant d'envoyer.",
      'Luego compare los primeros y los últimos caracteres con el original.',
      'Revise el inicio y el final de la dirección antes de enviar.',
      'Before sending, check its first and last characters against the original.',
    ]) {
      expect(advisesFirstAndLastOnly(bad), bad).toBe(true);
    }
    for (const good of [
      'Compare the destination address character by character, not just the first and last few.',
      "Comparez l'adresse caractère par caractère, et pas seulement le début et la fin.",
      'Compare la dirección carácter por carácter, no solo los primeros y los últimos.',
      'The first altcoins appeared in 2011, and the last bitcoins should be issued around 2140.',
      "L'adresse correspond aux 20 derniers octets de l'empreinte, soit 40 caractères.",
      'Check every character of the address, not only its beginning and end.',
      'Wallets often shorten addresses to their beginning and end, as in 0x12ab…89ef.',
      "Vérifiez chaque caractère de l'adresse, pas seulement son début et sa fin.",
      'Verifique cada carácter de la dirección, no solo su inicio y su final.',
    ]) {
      expect(advisesFirstAndLastOnly(good), good).toBe(false);
    }
  });

  it('catch immutability stated as an absolute', () => {
    for (const bad of [
      'A blockchain is an immutable ledger.',
      'Une blockchain est un registre immuable.',
      'Una blockchain es un registro inmutable.',
      'Archiving documents in a verifiable, unchangeable way.',
      'Archivar documentos de forma verificable e inalterable.',
      'Applications that want a history that has never been changed.',
      'Des applications qui veulent un historique jamais modifié.',
      'Aplicaciones que buscan un historial nunca modificado.',
      'Once written, the history of a blockchain cannot be changed.',
      "Une fois inscrites, les données d'une blockchain ne peuvent pas être modifiées.",
      'Una vez registrados, los datos de una blockchain no pueden modificarse.',
      'It is impossible to modify the history of a blockchain.',
      "Il est impossible de modifier l'historique.",
      'Es imposible alterar el historial.',
    ]) {
      expect(statesAbsoluteImmutability(bad), bad).toBe(true);
    }
    for (const good of [
      'Rewriting history is still possible in theory, but very expensive on a large blockchain.',
      "Des projets qui mettent en avant l'immuabilité comme principe.",
      'Proyectos que destacan la inmutabilidad como principio.',
      'A transaction sent to a wrong address cannot be reversed.',
      'Once deployed, a contract often cannot be changed, and a bug can be exploited by anyone.',
      'The operation is visible on the blockchain and cannot be undone.',
      'Archives on storage designed so that the data cannot be changed or deleted.',
      'Archivos pensados para que los datos no puedan modificarse ni borrarse.',
    ]) {
      expect(statesAbsoluteImmutability(good), good).toBe(false);
    }
  });

  it('catch an Ethereum finality figure other than two epochs, about 13 minutes', () => {
    for (const bad of [
      'On Ethereum, blocks only become final after votes, which usually takes about fifteen minutes.',
      'Sur Ethereum, un bloc devient définitif en une quinzaine de minutes.',
      'En Ethereum, un bloque se finaliza en unos 6 minutos.',
      'Ethereum finality takes 15 min.',
    ]) {
      expect(wrongEthereumFinality(bad), bad).not.toEqual([]);
    }
    for (const good of [
      'On Ethereum, a block is finalized after two epochs, about 13 minutes.',
      'Sur Ethereum, un bloc est finalisé en deux époques, soit environ 13 minutes.',
      'En Ethereum, un bloque se finaliza en dos épocas, unos 12,8 minutos.',
      'On Ethereum, an epoch lasts 6.4 minutes, and finality takes two epochs, about 13 minutes.',
      'On Bitcoin, a payment is treated as final after about 60 minutes.',
    ]) {
      expect(wrongEthereumFinality(good), good).toEqual([]);
    }
  });

  it('catch an undated currently, today or recently', () => {
    for (const bad of [
      'Today it pays transaction fees on BNB Smart Chain.',
      'The number of units currently available on the market.',
      'It has recently turned to AI.',
      'Few smart contract features at the moment.',
      "Il paie aujourd'hui les frais de transaction.",
      'Le nombre d’unités actuellement disponibles.',
      'Une blockchain consacrée, plus récemment, au calcul.',
      'Le réseau est en ce moment très utilisé.',
      'Hoy paga las comisiones de transacción.',
      'Unidades disponibles actualmente en el mercado.',
      'Más recientemente, se dedicó a la inteligencia artificial.',
      'Pocas funciones por ahora.',
    ]) {
      expect(undatedCurrently(bad), bad).toBe(true);
    }
    for (const good of [
      'As of November 2026, it pays transaction fees on BNB Smart Chain.',
      'A transaction can still be poorly checked at the moment of signing.',
      "Aujourd'hui, en novembre 2026, le réseau compte plus de validateurs qu'au lancement.",
      'Hoyos y montañas.',
      'Circulating supply counts the units that are free to trade on the market.',
    ]) {
      expect(undatedCurrently(good), good).toBe(false);
    }
  });

  it('split text into sentences', () => {
    expect(sentencesOf('One. Two 0.5 three; four? Five!')).toEqual([
      'One.',
      'Two 0.5 three;',
      'four?',
      'Five!',
    ]);
  });
});

type Found = { file: string; path: string; sentence: string };

// The dictionary and the sheets; the lessons have their own checks (quiz-fairness.test.ts).
const texts = contentTexts.filter(({ file }) => !file.startsWith('learning/'));
const sentences: Found[] = texts.flatMap(({ file, path, text }) =>
  sentencesOf(text).map((sentence) => ({ file, path, sentence })),
);

const where = ({ file, path, sentence }: Found) => `${file} ${path}: ${sentence}`;

describe('content/terms and content/tokens', () => {
  it('hold text to check', () => {
    expect(texts.filter(({ file }) => file.startsWith('terms/')).length).toBeGreaterThan(0);
    expect(texts.filter(({ file }) => file.startsWith('tokens/')).length).toBeGreaterThan(0);
  });

  it('never advise checking only the first and last characters of an address', () => {
    expect(sentences.filter((found) => advisesFirstAndLastOnly(found.sentence)).map(where)).toEqual(
      [],
    );
  });

  it('never state that a blockchain cannot be changed', () => {
    expect(
      sentences.filter((found) => statesAbsoluteImmutability(found.sentence)).map(where),
    ).toEqual([]);
  });

  it('give Ethereum finality as two epochs, about 13 minutes', () => {
    expect(
      sentences.filter((found) => wrongEthereumFinality(found.sentence).length > 0).map(where),
    ).toEqual([]);
  });

  it('date every currently, today or recently with its year', () => {
    expect(sentences.filter((found) => undatedCurrently(found.sentence)).map(where)).toEqual([]);
  });
});
