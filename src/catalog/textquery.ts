// Plone's text query language (ZCTextIndex): words are ANDed, `AND`, `OR`, `NOT`, parentheses,
// "quoted phrases", `word*` / `wo?d` globs; no automatic wildcard. Parsed into a tree that is
// evaluated either against the full-text index (texteval.ts) or against the terms of one
// document (brute force, phrase verification).
import { analyze, normalizeGlob } from './analyze.ts';
import { badRequest } from '../lib/errors.ts';
import type { DocTerms } from './fulltext.ts';

export type TextNode =
  | { t: 'and'; items: TextNode[] }
  | { t: 'or'; items: TextNode[] }
  | { t: 'not'; item: TextNode }
  | { t: 'word'; term: string }
  | { t: 'glob'; glob: string }
  | { t: 'phrase'; terms: string[] }
  | { t: 'none' };

type Token = { k: 'and' | 'or' | 'not' | '(' | ')' } | { k: 'atom'; text: string; quoted: boolean };

function tokenize(input: string): Token[] {
  const out: Token[] = [];
  const re = /"([^"]*)"?|([()])|([^\s()"]+)/g;
  for (let m = re.exec(input); m; m = re.exec(input)) {
    if (m[1] !== undefined) out.push({ k: 'atom', text: m[1], quoted: true });
    else if (m[2]) out.push({ k: m[2] as '(' | ')' });
    else {
      const upper = m[3].toUpperCase();
      if (upper === 'AND' || upper === 'OR' || upper === 'NOT') out.push({ k: upper.toLowerCase() as 'and' });
      else out.push({ k: 'atom', text: m[3], quoted: false });
    }
  }
  return out;
}

function atom(text: string, quoted: boolean): TextNode {
  if (!quoted && /[*?]/.test(text)) {
    const glob = normalizeGlob(text);
    if (!glob.replace(/[*?]/g, '')) return { t: 'none' };
    // As Plone's lexicon: a pattern needs letters before its first wildcard (`*ab` would test
    // every word of the site).
    if (/^[*?]/.test(glob)) throw badRequest(`pattern '${glob}' shouldn't start with glob character`);
    return { t: 'glob', glob };
  }
  const terms = analyze(text);
  if (!terms.length) return { t: 'none' };
  return terms.length === 1 ? { t: 'word', term: terms[0] } : { t: 'phrase', terms };
}

export function parseTextQuery(input: string): TextNode {
  const tokens = tokenize(input);
  let i = 0;
  const peek = () => tokens[i];
  const orExpr = (): TextNode => {
    const items = [andExpr()];
    while (peek()?.k === 'or') {
      i++;
      items.push(andExpr());
    }
    return items.length === 1 ? items[0] : { t: 'or', items };
  };
  const andExpr = (): TextNode => {
    const items: TextNode[] = [];
    for (;;) {
      const tok = peek();
      if (!tok || tok.k === 'or' || tok.k === ')') break;
      if (tok.k === 'and') {
        i++;
        continue;
      }
      items.push(notExpr());
    }
    return items.length === 1 ? items[0] : { t: 'and', items };
  };
  const notExpr = (): TextNode => {
    if (peek()?.k === 'not') {
      i++;
      return { t: 'not', item: term() };
    }
    return term();
  };
  const term = (): TextNode => {
    const tok = tokens[i++];
    if (!tok) return { t: 'none' };
    if (tok.k === '(') {
      const inner = orExpr();
      if (peek()?.k === ')') i++;
      return inner;
    }
    if (tok.k === 'atom') return atom(tok.text, tok.quoted);
    return { t: 'none' };
  };
  const tree = orExpr();
  while (i < tokens.length) i++; // stray ')' are ignored
  return tree;
}

// ---------------------------------------------------------------- one document

function globRe(glob: string): (t: string) => boolean {
  const prefix = glob.split(/[*?]/)[0];
  if (glob.indexOf('?') === -1 && glob.indexOf('*') === glob.length - 1) return (t) => t.startsWith(prefix);
  const re = new RegExp('^' + glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$');
  return (t) => t.startsWith(prefix) && re.test(t);
}

function hasPhrase(seq: string[], terms: string[]): boolean {
  outer: for (let i = 0; i + terms.length <= seq.length; i++) {
    for (let j = 0; j < terms.length; j++) if (seq[i + j] !== terms[j]) continue outer;
    return true;
  }
  return false;
}

/** Whether one document matches; `none` nodes are neutral inside AND, and match nothing alone. */
export function docMatches(node: TextNode, doc: DocTerms, fields: readonly number[]): boolean {
  switch (node.t) {
    case 'none':
      return false;
    case 'word':
      return fields.some((f) => doc[f].includes(node.term));
    case 'glob': {
      const ok = globRe(node.glob);
      return fields.some((f) => doc[f].some(ok));
    }
    case 'phrase':
      return fields.some((f) => hasPhrase(doc[f], node.terms));
    case 'not':
      return false; // NOT only means something inside an AND
    case 'or':
      return node.items.some((n) => docMatches(n, doc, fields));
    case 'and': {
      const positive = node.items.filter((n) => n.t !== 'none' && n.t !== 'not');
      if (!positive.length) return false;
      return node.items.every((n) =>
        n.t === 'none' ? true : n.t === 'not' ? !docMatches(n.item, doc, fields) : docMatches(n, doc, fields),
      );
    }
  }
}
