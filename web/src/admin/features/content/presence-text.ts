// The sentence that names the other editors of an item: "Eva bewerkt dit artikel ook", "Eva en
// Bram bewerken deze aflevering ook".

// The types whose noun is a het-word (dit artikel); the others are de-words (deze aflevering).
// The last part of a compound decides: nieuwsbulletin is het bulletin.
const NEUTER_ENDINGS = ['artikel', 'programma', 'fragment', 'bulletin', 'blok', 'kanaal'];

/** "dit artikel" or "deze aflevering", from a type's singular label. */
export function itemNoun(labelSingular: string): string {
  const noun = labelSingular.toLowerCase();
  return `${NEUTER_ENDINGS.some((ending) => noun.endsWith(ending)) ? 'dit' : 'deze'} ${noun}`;
}

/** Names joined the Dutch way: "Eva", "Eva en Bram", "Eva, Bram en Anna". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} en ${names.at(-1) ?? ''}`;
}

/** The notice for `names` editing an item of `labelSingular`; '' when nobody else is. */
export function presenceText(names: string[], labelSingular: string): string {
  if (names.length === 0) return '';
  const verb = names.length === 1 ? 'bewerkt' : 'bewerken';
  return `${joinNames(names)} ${verb} ${itemNoun(labelSingular)} ook`;
}
