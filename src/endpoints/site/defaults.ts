// Defaults of the site-wide records @site and @system report when nothing has changed them.
import { SCALES } from '../../blobs/scales.ts';

export const ROBOTS_TXT = `Sitemap: {portal_url}/sitemap.xml.gz

# Define access-restrictions for robots/spiders
# http://www.robotstxt.org/wc/norobots.html



# By default we allow robots to access all areas of our site
# already accessible to anonymous users

User-agent: *
Disallow:



# Add Googlebot-specific syntax extension to exclude forms
# that are repeated for each piece of content in the site
# the wildcard is only supported by Googlebot
# http://www.google.com/support/webmasters/bin/answer.py?answer=40367&ctx=sibling

User-Agent: Googlebot
Disallow: /*?
Disallow: /*atct_album_view$
Disallow: /*folder_factories$
Disallow: /*folder_summary_view$
Disallow: /*login_form$
Disallow: /*mail_password_form$
Disallow: /@@search
Disallow: /*search_rss$
Disallow: /*sendto_form$
Disallow: /*summary_view$
Disallow: /*thumbnail_view$
Disallow: /*view$
`;

/** The image scales as the `plone.allowed_sizes` setting writes them ("name width:height"). */
export const ALLOWED_SIZES = Object.entries(SCALES).map(([name, [w, h]]) => `${name} ${w}:${h}`);

/** What @system reports about the software (strings, as the interface writes them). */
export const SYSTEM_VERSIONS = {
  zope_version: '5.10',
  plone_version: '6.1.1',
  plone_restapi_version: '10.0.0',
  python_version: '3.12.3 (main, Apr  9 2024, 08:09:14) [GCC 13.2.0]',
  cmf_version: '3.7',
  pil_version: '11.1.0 (Pillow)',
  debug_mode: 'No',
};

/** GenericSetup profile version of the site, on the file system (the site's own is in the registry). */
export const PROFILE_VERSION = '6110';
