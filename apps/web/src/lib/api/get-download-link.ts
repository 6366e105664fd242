import { callRoutes } from 'virtual:call-routes';
import { callApi } from '../api-client';

/**
 * Document/GetDownloadLink, then Document/DownloadDocument with its guid: the file is an attachment, so
 * the browser saves it and the page stays. The guid works once, for five minutes, so it is asked for on
 * each press; the bearer token never goes in a URL.
 */
export async function downloadDocument(documentSourceID: number) {
  const { documentGuid } = await callApi(
    'getDownloadLink',
    { documentSourceID },
    { loaderMessage: 'Preparing your document.' },
  );
  const link = document.createElement('a');
  link.href = `${callRoutes.downloadDocument.path}?documentGuid=${encodeURIComponent(documentGuid)}`;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
