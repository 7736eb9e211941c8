/**
 * Every message the server and the web app share. The wording is the product spec's where the
 * spec gives one; the rest is ours, in the same voice.
 */
export const messages = {
  required: 'Cannot be empty',
  invalidEmail: 'Enter a valid email address',
  passwordTooShort: 'Minimum length is 8 characters',
  passwordRequired: 'Password required!',
  termsRequired: 'You must agree to continue',
  tooLong: 'Too long',
  budgetMaxBelowMin: 'MAX cannot be lower than MIN',
  emailTaken: 'This email address is already registered',
  invalidCredentials: 'These credentials do not match our records',
  loginThrottled: 'Too many login attempts. Please try again in {seconds} seconds',
  registrationThrottled:
    'Too many sign-ups from your network. Please try again in {seconds} seconds',
  wrongPassword: 'The password is incorrect',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  verificationThrottled: 'Please wait before requesting another verification email',
  verificationLinkInvalid: 'This verification link is invalid or has expired',
  passwordConfirmationRequired: 'Enter your password to continue',
  validationFailed: 'Some fields have errors',
  unauthenticated: 'You are not authorized to perform this action. Please log in to continue.',
  csrfMismatch: 'CSRF token mismatch.',
  pageExpired: 'Page has expired. Please reload.',
  timeout: 'Request timed out. Please retry action',
  somethingWentWrong: 'Something went wrong',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please slow down',
  malformedUpload: 'The upload could not be read. Please try again',
  notEnoughCredits: 'You do not have enough credits for this action',
  engineBusy: 'The image engine is busy right now. Please try again in a moment',
  generationFailed: 'The generation failed and your credits were refunded. Please try again',
  generationTimedOut:
    'The generation took too long and your credits were refunded. Please retry action',
  assistantCannot: 'The AI assistant cannot do that yet',
  assistantWhichStyle:
    'Which style should the room take? Name one, e.g. "Scandinavian, just change the colours", or choose the design\'s style first',
  modelMissing: 'A model this action needs is not installed',
  maskEmpty: 'Paint the area to change first',
  imageRequired: 'Received no file',
  notYourImage: 'Must be one of your stored images',
  colourRequired: 'Choose a colour',
  textureRequired: 'Choose a floor template',
  noProductFits: 'No catalogue product fits this choice and budget',
  /** A restyle kept a piece (or left out decor) because nothing fits what remains of the budget. */
  restyleKeptForBudget:
    'Nothing in the catalogue fits what remains of the budget: the {item} was kept',
  restyleKeptNoFit:
    'Nothing of its kind in the catalogue is near the size of the {item}: it was kept',
  restyleDecorOverBudget:
    'Nothing in the catalogue fits what remains of the budget: no {item} was added',
  /** A restyle planned a swap the photo did not allow (the piece joined to its neighbours, cut by the frame). */
  restyleKeptInPhoto: 'The {item} could not be swapped in this photo: it was kept',
  /** A restyle planned decor the photo has no free spot for. */
  restyleDecorNoSpace: 'The photo shows no free spot for a {item}: none was added',
} as const;

export type MessageKey = keyof typeof messages;
