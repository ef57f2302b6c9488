from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.format_request_type_0 import FormatRequestType0
from ...models.format_request_type_1 import FormatRequestType1
from ...models.format_request_type_2 import FormatRequestType2
from ...models.format_request_type_3 import FormatRequestType3
from ...models.problem import Problem
from ...models.puzzle_forms import PuzzleForms
from ...types import Response


def _get_kwargs(
    *,
    body: FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/format",
    }

    if isinstance(body, FormatRequestType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FormatRequestType1):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FormatRequestType2):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | PuzzleForms | None:
    if response.status_code == 200:
        response_200 = PuzzleForms.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | PuzzleForms]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3,
) -> Response[Problem | PuzzleForms]:
    """Write a puzzle in every format: its ID, text format, JSON puzzle object and puzz.link URL.

     The puzzle as any source names it (`id`, `text`, `url`, or `genre` with `puzzle`), read
    and written again; no search runs. A page that has only a puzzle's ID (the `<sum-puzzle
    puzzle="...">` element) draws it from the object. The `url` is absent for a genre
    puzz.link does not have.

    Args:
        body (FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3):
            A puzzle to write in every format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PuzzleForms]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3,
) -> Problem | PuzzleForms | None:
    """Write a puzzle in every format: its ID, text format, JSON puzzle object and puzz.link URL.

     The puzzle as any source names it (`id`, `text`, `url`, or `genre` with `puzzle`), read
    and written again; no search runs. A page that has only a puzzle's ID (the `<sum-puzzle
    puzzle="...">` element) draws it from the object. The `url` is absent for a genre
    puzz.link does not have.

    Args:
        body (FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3):
            A puzzle to write in every format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PuzzleForms
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3,
) -> Response[Problem | PuzzleForms]:
    """Write a puzzle in every format: its ID, text format, JSON puzzle object and puzz.link URL.

     The puzzle as any source names it (`id`, `text`, `url`, or `genre` with `puzzle`), read
    and written again; no search runs. A page that has only a puzzle's ID (the `<sum-puzzle
    puzzle="...">` element) draws it from the object. The `url` is absent for a genre
    puzz.link does not have.

    Args:
        body (FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3):
            A puzzle to write in every format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PuzzleForms]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3,
) -> Problem | PuzzleForms | None:
    """Write a puzzle in every format: its ID, text format, JSON puzzle object and puzz.link URL.

     The puzzle as any source names it (`id`, `text`, `url`, or `genre` with `puzzle`), read
    and written again; no search runs. A page that has only a puzzle's ID (the `<sum-puzzle
    puzzle="...">` element) draws it from the object. The `url` is absent for a genre
    puzz.link does not have.

    Args:
        body (FormatRequestType0 | FormatRequestType1 | FormatRequestType2 | FormatRequestType3):
            A puzzle to write in every format.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PuzzleForms
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
