// One catalogue file per feature namespace (messages/fr/<namespace>.json), joined here.
import app from './fr/app.json';
import errorReference from './fr/errorReference.json';
import errors from './fr/errors.json';
import auth from './fr/auth.json';
import password from './fr/password.json';
import pages from './fr/pages.json';
import roles from './fr/roles.json';
import shell from './fr/shell.json';
import common from './fr/common.json';
import overview from './fr/overview.json';
import keys from './fr/keys.json';
import language from './fr/language.json';
import wallet from './fr/wallet.json';
import confirm from './fr/confirm.json';
import settings from './fr/settings.json';
import senderIds from './fr/senderIds.json';
import operator from './fr/operator.json';
import compose from './fr/compose.json';
import statuses from './fr/statuses.json';
import messages from './fr/messages.json';
import inbox from './fr/inbox.json';
import optOuts from './fr/optOuts.json';
import calculator from './fr/calculator.json';
import home from './fr/home.json';
import docsPage from './fr/docsPage.json';

const catalogue = { app, errorReference, errors, auth, password, pages, roles, shell, common, overview, keys, language, wallet, confirm, settings, senderIds, operator, compose, statuses, messages, inbox, optOuts, calculator, home, docsPage };
export default catalogue;
