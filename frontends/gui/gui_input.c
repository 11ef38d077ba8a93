/*
 * gui_input.c — SDL events to actions (see gui_input.h).
 */
#include "gui_input.h"

#include "gui_picker.h"
#include "gui_toolview.h"
#include "gui_words.h"

#include <string.h>

static void key_action(const SDL_KeyboardEvent *k, const gui_state *st, gui_action *a)
{
    SDL_Keycode key = k->keysym.sym;
    bool ctrl = (k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;

    if (gui_picker_key(k, st, a)) return;     /* the choice among moves a click completes */
    if (gui_toolview_key(k, st, a)) return;   /* the player tools' keys and dialogs */
    switch (st->dialog) {
    case GUI_DLG_HELP:
        a->type = GUI_ACT_NO;   /* any key closes the help */
        return;
    case GUI_DLG_NEWGAME: {
        /* Keys for every choice, so the dialog works without a mouse. */
        int it = -1;
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) it = GUI_NG_START;
        else if (key == SDLK_ESCAPE) it = GUI_NG_CANCEL;
        else if (key == SDLK_a) it = GUI_NG_APPLY;
        else if (key == SDLK_1) it = st->ng.ai_mask & 1u ? GUI_NG_S0_HUMAN : GUI_NG_S0_AI;
        else if (key == SDLK_2) it = st->ng.ai_mask & 2u ? GUI_NG_S1_HUMAN : GUI_NG_S1_AI;
        else if (key == SDLK_EQUALS || key == SDLK_PLUS || key == SDLK_KP_PLUS) it = GUI_NG_LEVEL_UP;
        else if (key == SDLK_MINUS || key == SDLK_KP_MINUS) it = GUI_NG_LEVEL_DN;
        else if (key == SDLK_t) it = GUI_NG_TC0 + ((int)st->ng.tc.kind + (shift ? 3 : 1)) % 4;
        else if (key == SDLK_b) it = shift ? GUI_NG_BASE_DN : GUI_NG_BASE_UP;
        else if (key == SDLK_i) it = shift ? GUI_NG_INC_DN : GUI_NG_INC_UP;
        else if (key == SDLK_g || key == SDLK_RIGHT) it = GUI_NG_GAME_NEXT;
        else if (key == SDLK_LEFT) it = GUI_NG_GAME_PREV;
        else if (key == SDLK_h) it = GUI_NG_HOST;
        else if (key == SDLK_j) it = GUI_NG_JOIN;
        if (it >= 0) {
            a->type = GUI_ACT_NG;
            a->arg = it;
        }
        return;
    }
    case GUI_DLG_SETTINGS: {
        int it = -1;
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_ESCAPE) it = GUI_SET_CLOSE;
        else if (key == SDLK_1) it = st->pieces ? GUI_SET_PLAIN : GUI_SET_KAI;
        else if (key == SDLK_2) it = st->animate ? GUI_SET_ANIM_OFF : GUI_SET_ANIM_ON;
        else if (key == SDLK_3) it = st->sound_on ? GUI_SET_SOUND_OFF : GUI_SET_SOUND_ON;
        else if (key == SDLK_4) it = shift ? GUI_SET_THREADS_DN : GUI_SET_THREADS_UP;
        else if (key == SDLK_5) it = st->ai_kind == QP_AI_MCTS ? GUI_SET_ALPHABETA : GUI_SET_MCTS;
        else if (key == SDLK_6) it = st->promote_first ? GUI_SET_PROMO_ASK : GUI_SET_PROMO_QUEEN;
        else if (key == SDLK_7) it = gui_lang() == QP_LANG_BOTH ? GUI_SET_LANG_EN : GUI_SET_LANG_ZH;   /* both, zh, en */
        if (it >= 0) {
            a->type = GUI_ACT_SETTING;
            a->arg = it;
        }
        return;
    }
    case GUI_DLG_END:
        if (key == SDLK_n || key == SDLK_RETURN || key == SDLK_KP_ENTER) a->type = GUI_ACT_YES;
        else if (key == SDLK_r || key == SDLK_ESCAPE) a->type = GUI_ACT_NO;
        else if (key == SDLK_q) a->type = GUI_ACT_QUIT;
        return;
    case GUI_DLG_RESUME:
    case GUI_DLG_CONFIRM:
        if (key == SDLK_y || key == SDLK_RETURN || key == SDLK_KP_ENTER) a->type = GUI_ACT_YES;
        else if (key == SDLK_n || key == SDLK_ESCAPE) a->type = GUI_ACT_NO;
        return;
    case GUI_DLG_SAVE:
    case GUI_DLG_LOAD:
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) a->type = GUI_ACT_YES;
        else if (key == SDLK_ESCAPE) a->type = GUI_ACT_NO;
        else if (ctrl && (key == SDLK_u || key == SDLK_BACKSPACE)) a->type = GUI_ACT_CLEAR;
        else if (key == SDLK_BACKSPACE) a->type = GUI_ACT_BACKSPACE;
        else if (key == SDLK_TAB || key == SDLK_DOWN || key == SDLK_UP) {
            a->type = GUI_ACT_FILE;   /* the next / previous listed name */
            a->arg = (key == SDLK_TAB && !shift) || key == SDLK_DOWN ? -1 : -2;
        }
        return;   /* letters arrive as SDL_TEXTINPUT */
    default:
        break;
    }

    if (ctrl && (key == SDLK_EQUALS || key == SDLK_PLUS || key == SDLK_KP_PLUS || key == SDLK_MINUS ||
                 key == SDLK_KP_MINUS || key == SDLK_0 || key == SDLK_KP_0)) {
        a->type = GUI_ACT_ZOOM;
        a->arg = key == SDLK_0 || key == SDLK_KP_0 ? 0 : key == SDLK_MINUS || key == SDLK_KP_MINUS ? -1 : 1;
        return;
    }
    a->type = GUI_ACT_BUTTON;
    a->alt = shift;
    switch (key) {
    case SDLK_n: a->arg = GUI_BTN_NEW; break;
    case SDLK_u: a->arg = GUI_BTN_UNDO; break;
    case SDLK_z: a->arg = shift ? GUI_BTN_REDO : GUI_BTN_UNDO; break;
    case SDLK_y: a->arg = GUI_BTN_REDO; break;
    case SDLK_r: a->arg = ctrl ? GUI_BTN_RESIGN : GUI_BTN_REDO; break;
    case SDLK_f: a->arg = GUI_BTN_FLIP; break;
    case SDLK_m: a->arg = GUI_BTN_MODE; break;
    case SDLK_l: a->arg = GUI_BTN_LEVEL; break;
    case SDLK_s: a->arg = ctrl ? GUI_BTN_SAVE : GUI_BTN_SOUND; break;
    case SDLK_o: a->arg = GUI_BTN_LOAD; break;
    case SDLK_h:
    case SDLK_F1: a->arg = GUI_BTN_HELP; break;
    case SDLK_q: a->arg = GUI_BTN_QUIT; break;
    case SDLK_SLASH:
    case SDLK_QUESTION:
    case SDLK_t: a->arg = GUI_BTN_HINT; break;
    case SDLK_a: a->arg = GUI_BTN_ANALYZE; break;
    case SDLK_p:
    case SDLK_F2: a->arg = GUI_BTN_SETTINGS; break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS: a->arg = GUI_BTN_LEVEL; a->alt = false; break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: a->arg = GUI_BTN_LEVEL; a->alt = true; break;
    case SDLK_LEFT: a->type = GUI_ACT_STEP; a->arg = -1; break;
    case SDLK_RIGHT: a->type = GUI_ACT_STEP; a->arg = 1; break;
    case SDLK_HOME: a->type = GUI_ACT_STEP; a->arg = -1000; break;
    case SDLK_END: a->type = GUI_ACT_STEP; a->arg = 1000; break;
    case SDLK_UP: a->type = GUI_ACT_SCROLL; a->arg = -1; break;
    case SDLK_DOWN: a->type = GUI_ACT_SCROLL; a->arg = 1; break;
    case SDLK_ESCAPE: a->type = GUI_ACT_DESELECT; break;
    case SDLK_F11: a->type = GUI_ACT_FULLSCREEN; break;
    default: a->type = GUI_ACT_NONE; break;
    }
}

static void click_action(int x, int y, int button, const gui_layout *L, const gui_state *st, gui_action *a)
{
    SDL_Rect card, yes, no;
    if (gui_picker_click(L, st, x, y, a)) return;     /* the choice among moves a click completes */
    if (gui_toolview_click(L, st, x, y, a)) return;   /* the player tools' dialogs */
    if (st->dialog == GUI_DLG_SETTINGS) {
        int it = gui_layout_settings_at(L, x, y);
        if (it >= 0) {
            a->type = GUI_ACT_SETTING;
            a->arg = it;
        }
        return;
    }
    if (st->dialog == GUI_DLG_NEWGAME) {
        int it = gui_layout_newgame_at(L, x, y);
        if (it >= 0) {
            a->type = GUI_ACT_NG;
            a->arg = it;
        }
        return;
    }
    if (st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD) {
        SDL_Rect entry, list;
        int rows, row = gui_layout_file_row_at(L, x, y);
        gui_layout_files(L, &card, &entry, &list, &rows, &yes, &no);
        if (row >= 0 && st->file_scroll + row < st->nfiles) {
            a->type = GUI_ACT_FILE;
            a->arg = st->file_scroll + row;
        } else if (gui_in_rect(&yes, x, y)) {
            a->type = GUI_ACT_YES;
        } else if (gui_in_rect(&no, x, y)) {
            a->type = GUI_ACT_NO;
        }
        return;
    }
    if (st->dialog != GUI_DLG_NONE) {
        int lines = st->dialog == GUI_DLG_HELP ? 22 : 4;
        gui_layout_dialog(L, lines, &card, &yes, &no);
        if (st->dialog == GUI_DLG_HELP) a->type = GUI_ACT_NO;   /* any click closes it */
        else if (gui_in_rect(&yes, x, y)) a->type = GUI_ACT_YES;
        else if (gui_in_rect(&no, x, y)) a->type = GUI_ACT_NO;
        return;
    }
    int b = gui_layout_button_at(L, x, y);
    if (b >= 0) {
        a->type = GUI_ACT_BUTTON;
        a->arg = b;
        a->alt = button != SDL_BUTTON_LEFT;
        return;
    }
    int row = gui_layout_move_row_at(L, st->scroll, x, y);
    if (row >= 0) {
        if (row <= st->nply) {
            a->type = GUI_ACT_GOTO;
            a->arg = row;
        }
        return;
    }
    if (button != SDL_BUTTON_LEFT) {
        a->type = GUI_ACT_DESELECT;
        return;
    }
    int sq = gui_layout_hit(L, x, y);
    a->type = sq >= 0 ? GUI_ACT_BOARD : GUI_ACT_DESELECT;
    a->arg = sq;
    a->x = x;
    a->y = y;
}

void gui_input_event(const SDL_Event *ev, const gui_layout *L, const gui_state *st, float scale,
                     Uint32 wake_event, gui_action *a)
{
    memset(a, 0, sizeof *a);
    a->type = GUI_ACT_NONE;
    if (wake_event && ev->type == wake_event) {
        a->type = GUI_ACT_REDRAW;
        return;
    }
    switch (ev->type) {
    case SDL_QUIT:
        a->type = GUI_ACT_QUIT;
        break;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_CLOSE) a->type = GUI_ACT_QUIT;
        else a->type = GUI_ACT_REDRAW;
        break;
    case SDL_KEYDOWN:
        key_action(&ev->key, st, a);
        break;
    case SDL_TEXTINPUT:
        if (st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD) {
            a->type = GUI_ACT_TEXT;
            snprintf(a->text, sizeof a->text, "%s", ev->text.text);
        }
        break;
    case SDL_MOUSEBUTTONDOWN:
        click_action((int)(ev->button.x * scale), (int)(ev->button.y * scale), ev->button.button, L, st, a);
        break;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT && st->drag_sq >= 0) {
            a->type = GUI_ACT_DROP;
            a->x = (int)(ev->button.x * scale);
            a->y = (int)(ev->button.y * scale);
            a->arg = st->dialog == GUI_DLG_NONE ? gui_layout_hit(L, a->x, a->y) : -1;
        }
        break;
    case SDL_MOUSEMOTION:
        a->type = GUI_ACT_HOVER;
        a->x = (int)(ev->motion.x * scale);
        a->y = (int)(ev->motion.y * scale);
        break;
    case SDL_MOUSEWHEEL: {
        int up = ev->wheel.y > 0 ? 1 : ev->wheel.y < 0 ? -1 : 0;   /* away from the user */
        if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) up = -up;
        if (SDL_GetModState() & (KMOD_CTRL | KMOD_GUI)) {   /* Ctrl+wheel zooms */
            a->type = up ? GUI_ACT_ZOOM : GUI_ACT_NONE;
            a->arg = up;
        } else {
            a->type = GUI_ACT_SCROLL;
            a->arg = -3 * up;
        }
        break;
    }
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET:
        a->type = GUI_ACT_REDRAW;
        a->arg = 1;   /* textures were lost */
        break;
    default:
        break;
    }
}
