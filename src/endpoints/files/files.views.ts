// The binary (non-JSON) views of content objects, registered in RouteTable.views.
import type { ViewHandler } from '../../http/types.ts';
import { displayFileView, downloadView } from './download.ts';
import { imagesView } from './images.ts';
import { recordOf } from '../../lib/records.ts';

export const fileViews: Record<string, ViewHandler> = recordOf({
  '@@download': downloadView,
  '@@display-file': displayFileView,
  '@@images': imagesView,
});
