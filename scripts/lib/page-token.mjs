/* global indexedDB -- page.evaluate callbacks run in the browser */
/** The signed-in user's ID token, read from Firebase's own persistence (what the app sends). */
export function tokenFromPage(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          all.onsuccess = () => {
            const entry = all.result.find((e) => e.value?.stsTokenManager?.accessToken);
            open.result.close();
            if (entry) resolve(entry.value.stsTokenManager.accessToken);
            else reject(new Error('no ID token in the page'));
          };
        };
      }),
  );
}
