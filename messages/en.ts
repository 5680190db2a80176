// One catalogue file per feature namespace (messages/en/<namespace>.json), joined here.
import app from './en/app.json';
import errorReference from './en/errorReference.json';
import errors from './en/errors.json';
import auth from './en/auth.json';
import password from './en/password.json';
import pages from './en/pages.json';
import roles from './en/roles.json';
import shell from './en/shell.json';
import common from './en/common.json';
import overview from './en/overview.json';
import keys from './en/keys.json';
import language from './en/language.json';
import wallet from './en/wallet.json';
import confirm from './en/confirm.json';
import settings from './en/settings.json';
import senderIds from './en/senderIds.json';
import operator from './en/operator.json';
import compose from './en/compose.json';
import statuses from './en/statuses.json';
import messages from './en/messages.json';
import inbox from './en/inbox.json';
import optOuts from './en/optOuts.json';
import calculator from './en/calculator.json';
import home from './en/home.json';
import docsPage from './en/docsPage.json';

const catalogue = { app, errorReference, errors, auth, password, pages, roles, shell, common, overview, keys, language, wallet, confirm, settings, senderIds, operator, compose, statuses, messages, inbox, optOuts, calculator, home, docsPage };
export default catalogue;
