import type { CodeWords } from './order-words.js';

// Words of code rather than of a language, read in text of every language: key and credential files, the
// environment, home and system paths.

export const CODE_ORDER_WORDS: CodeWords = {
  secrets: [
    'id_rsa',
    'id_ed25519',
    'id_ecdsa',
    'id_dsa',
    '.env',
    '.netrc',
    '.npmrc',
    '.pgpass',
    '.pypirc',
    '.git-credentials',
    '/etc/shadow',
    'wallet.dat',
  ],
  environment: ['process.env', 'os.environ', 'printenv', '$env'],
  secretNameEndings: ['_token', '_key', '_secret', '_password', '_pass', '_pwd', '_credentials'],
  outsidePlaces: [
    '~/',
    '~\\',
    '$home',
    '%userprofile%',
    '/etc',
    '/home',
    '/root',
    '/users/',
    'c:\\users',
    '/var/',
    '/proc/',
    '.ssh',
    '.aws',
    '.kube',
    '.gnupg',
    '.bash_history',
    '.zsh_history',
  ],
};
