// Nouns a person "has": relatives, pets, personal things, lasting health conditions.
export const ENGLISH_RELATIVES =
  'wife|husband|partner|girlfriend|boyfriend|fiancee?|spouse|mom|mum|mother|dad|father|parents|son|daughter|kids|children|child|baby|brother|sister|siblings|grandma|grandmother|grandpa|grandfather|grandparents|uncle|aunt|cousin|family|friend|best friend|roommate|boss|manager';

export const ENGLISH_PETS = 'dog|dogs|cat|cats|puppy|kitten|pet|pets|rabbit|hamster|parrot|bird|fish|horse';

export const ENGLISH_PERSONAL =
  'birthday|name|goal|dream|hobby|hobbies|job|work|office|home|hometown|commute|diet|allergy|schedule|plan|routine|favou?rite \\w+';

// Lasting health conditions a person "has".
export const ENGLISH_CONDITIONS =
  'diabetes|asthma|adhd|autism|celiac disease|coeliac disease|epilepsy|migraines|high blood pressure|hypertension|dyslexia|anxiety|depression|insomnia|arthritis|a heart condition|a disability|tinnitus|eczema|hay fever';
