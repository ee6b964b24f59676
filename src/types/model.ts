// Content types are data: a type lists behaviors (which own fields) plus its own schema fields.

/** Field kinds, named after the factory a schema reports. */
export type FieldKind =
  | 'TextLine'
  | 'Text'
  | 'RichText'
  | 'Bool'
  | 'Int'
  | 'Float'
  | 'Datetime'
  | 'Date'
  | 'Choice'
  | 'Tuple'
  | 'List'
  | 'URI'
  | 'Email'
  | 'NamedBlobFile'
  | 'NamedBlobImage'
  | 'RelationChoice'
  | 'RelationList'
  | 'JSONField';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  title: string;
  description: string;
  required?: boolean;
  default?: unknown;
  widget?: string;
  fieldset: string;
  /** Named vocabulary (Choice, or item type of a collection). */
  vocabulary?: string;
  /** Inline choices [token, title] for small static vocabularies. */
  choices?: [string, string][];
  /** Value type of List/Tuple fields. */
  valueKind?: FieldKind;
  readonly?: boolean;
  /** Serialized form of a choice value: {token,title} when true. */
  tokenized?: boolean;
  /** Default-mime RichText values */
  maxLength?: number;
  minimum?: number;
  /** JSON schema overrides merged into the property (widgetOptions, items...). */
  extra?: Record<string, unknown>;
}

export interface Behavior {
  name: string;
  title: string;
  fields: FieldDef[];
}

export interface TypeDef {
  id: string;
  title: string;
  description: string;
  behaviors: string[];
  /** Fields of the type's own schema (editable through the types endpoint in a later issue). */
  schema: FieldDef[];
  folderish: boolean;
  /** null: any globally addable type. */
  allowedTypes: string[] | null;
  globalAllow: boolean;
  defaultView: string;
  views: string[];
  workflow: string | null;
  addPermission: string;
  /** Extra fieldsets defined with the schema (id, title). */
  fieldsets: { id: string; title: string; description: string }[];
}
