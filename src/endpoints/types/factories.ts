// Per field kind: the JSON-schema type and the factory label the types endpoint reports
// (supplement 14.3).
import type { FieldKind } from '../../types/model.ts';

export const FIELD_KINDS: Record<FieldKind, { type: string; factory: string }> = {
  TextLine: { type: 'string', factory: 'Text line (String)' },
  Text: { type: 'string', factory: 'Text' },
  RichText: { type: 'string', factory: 'Rich Text' },
  Bool: { type: 'boolean', factory: 'Yes/No' },
  Int: { type: 'integer', factory: 'Integer' },
  Float: { type: 'number', factory: 'Floating-point number' },
  Datetime: { type: 'string', factory: 'Date/Time' },
  Date: { type: 'string', factory: 'Date' },
  Choice: { type: 'string', factory: 'Choice' },
  Tuple: { type: 'array', factory: 'Tuple' },
  List: { type: 'array', factory: 'List' },
  URI: { type: 'string', factory: 'URL' },
  Email: { type: 'string', factory: 'Email' },
  NamedBlobFile: { type: 'object', factory: 'File Upload' },
  NamedBlobImage: { type: 'object', factory: 'Image' },
  RelationChoice: { type: 'string', factory: 'Relation Choice' },
  RelationList: { type: 'array', factory: 'Relation List' },
  JSONField: { type: 'dict', factory: 'JSONField' },
};

export const isCollection = (kind: FieldKind) => kind === 'Tuple' || kind === 'List' || kind === 'RelationList';
export const isChoice = (kind: FieldKind) => kind === 'Choice' || kind === 'RelationChoice';
